// Values shared by the leads commands, checked before anything is sent.
import { UsageError } from '../../errors.js';

export const LEAD_SOURCES = ['form', 'exchange', 'scan', 'manual'] as const;
export type LeadSourceFlag = (typeof LEAD_SOURCES)[number];

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** An ISO 8601 date-time with a zone (what the API's `since` takes); exit 2 otherwise. */
export function parseSince(raw: string, flag = '--since'): string {
  const value = raw.trim();
  if (!ISO_DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) {
    throw new UsageError(`${flag} "${raw}": expected an ISO 8601 date-time with a zone, e.g. 2026-05-01T00:00:00Z or 2026-05-01T09:00:00+02:00`);
  }
  return value;
}

export interface LeadFileFlags {
  preset?: string;
  vcardVersion?: string;
}

/**
 * `--preset <crm>` (a CRM's CSV columns) or `-o vcf` (vCards), checked before anything is sent;
 * undefined for the ordinary formats.
 */
export async function leadFileKind(
  flags: LeadFileFlags,
  globals: { output?: string; fields?: string; quiet?: boolean },
  opts: { quietAllowed?: boolean } = {},
): Promise<import('../../output/lead-files.js').LeadFileKind | undefined> {
  const vcf = globals.output === 'vcf';
  if (flags.vcardVersion !== undefined && !vcf) throw new UsageError('--vcard-version applies to -o vcf only');
  if (flags.preset === undefined && !vcf) return undefined;
  const what = flags.preset !== undefined ? `--preset ${flags.preset}` : '-o vcf';
  if (globals.fields) throw new UsageError(`--fields does not apply to ${what}: its columns are fixed`);
  if (globals.quiet && !opts.quietAllowed) throw new UsageError(`-q prints ids only; it does not go with ${what}`);
  if (flags.preset !== undefined) {
    if (globals.output !== undefined && globals.output !== 'csv') throw new UsageError(`--preset writes CSV; drop -o ${globals.output} (or use -o csv)`);
    const { PRESETS, PRESET_NAMES } = await import('../../presets/index.js');
    const preset = PRESETS[flags.preset];
    if (!preset) throw new UsageError(`unknown --preset "${flags.preset}": expected one of ${PRESET_NAMES.join(', ')}`);
    return { preset };
  }
  const version = flags.vcardVersion ?? '4.0';
  if (version !== '4.0' && version !== '3.0') throw new UsageError(`--vcard-version "${flags.vcardVersion}": expected 4.0 or 3.0`);
  return { vcard: version };
}

export const PRESET_HELP = 'CSV with the columns a CRM importer maps by itself: hubspot or salesforce (README "CRM presets"); locked leads are skipped';
export const VCARD_HELP = 'with -o vcf: 4.0 (RFC 6350, default) or 3.0 for older phones';

// Values shared by the leads commands, checked before anything is sent.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { parseWhen, parseZone, WHEN_HELP } from '../dates.js';

export const LEAD_SOURCES = ['form', 'exchange', 'scan', 'manual'] as const;
export type LeadSourceFlag = (typeof LEAD_SOURCES)[number];

/** --since and the --tz that reads its days and zone-less times. */
export function withSinceOptions(cmd: Command, what: string): Command {
  return cmd
    .option('--since <when>', `${what}: ${WHEN_HELP}`)
    .option('--tz <zone>', 'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)');
}

/** --since as the UTC instant the API's `since` takes; exit 2 otherwise. */
export function parseSince(now: Date, flags: { since?: string; tz?: string }): string | undefined {
  const timeZone = parseZone(flags.tz);
  if (flags.since === undefined) return undefined;
  return parseWhen(flags.since, { flag: '--since', now, timeZone });
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
  globals: { output?: string; fields?: string; quiet?: boolean; query?: string },
  opts: { quietAllowed?: boolean } = {},
): Promise<import('../../output/lead-files.js').LeadFileKind | undefined> {
  const vcf = globals.output === 'vcf';
  if (flags.vcardVersion !== undefined && !vcf) throw new UsageError('--vcard-version applies to -o vcf only');
  if (flags.preset === undefined && !vcf) return undefined;
  const what = flags.preset !== undefined ? `--preset ${flags.preset}` : '-o vcf';
  if (globals.fields) throw new UsageError(`--fields does not apply to ${what}: its columns are fixed`);
  if (globals.query !== undefined) throw new UsageError(`--query does not apply to ${what}: filter with --card, --source or --since`);
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

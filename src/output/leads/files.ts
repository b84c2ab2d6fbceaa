// Lead files for other tools: a CRM preset's CSV or vCards. Both skip locked leads (the API hides
// their contact until the plan's allowance covers them) and count them; nothing is guessed.
import { own } from '../../own.js';
import type { Lead } from '../../api/schemas/leads.js';
import { UsageError } from '../../errors.js';
import { csvLine, csvPreamble, type CsvSettings } from '../csv-values.js';
import { type OutputFlags, type OutputSettings, askedFormat } from '../settings.js';
import { leadVcard, type VcardVersion } from '../vcf.js';
import type { View } from '../view.js';
import { leadView } from '../views/leads.js';
import type { Preset } from './presets.js';

export interface LeadFile {
  header(): string;
  /** The text for one lead ('' when it is skipped). */
  item(lead: Record<string, any>): string;
  /** Locked leads left out so far. */
  readonly skipped: number;
}

export type LeadFileKind = { preset: Preset } | { vcard: VcardVersion };

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
  globals: OutputFlags,
  opts: { quietAllowed?: boolean } = {},
): Promise<LeadFileKind | undefined> {
  const output = askedFormat(globals);
  const vcf = output === 'vcf';
  if (flags.vcardVersion !== undefined && !vcf) throw new UsageError('--vcard-version applies to -o vcf only');
  if (flags.preset === undefined && !vcf) return undefined;
  const what = flags.preset !== undefined ? `--preset ${flags.preset}` : '-o vcf';
  if (globals.fields) throw new UsageError(`--fields does not apply to ${what}: its columns are fixed`);
  if (globals.query !== undefined)
    throw new UsageError(`--query does not apply to ${what}: filter with --card, --source or --since`);
  if (globals.quiet && !opts.quietAllowed) throw new UsageError(`-q prints ids only; it does not go with ${what}`);
  if (flags.preset !== undefined) {
    if (output !== undefined && output !== 'csv')
      throw new UsageError(`--preset writes CSV; drop -o ${output} (or use -o csv)`);
    const { PRESETS, PRESET_NAMES } = await import('./presets.js');
    const preset = own(PRESETS, flags.preset);
    if (!preset) throw new UsageError(`unknown --preset "${flags.preset}": expected one of ${PRESET_NAMES.join(', ')}`);
    return { preset };
  }
  const version = flags.vcardVersion ?? '4.0';
  if (version !== '4.0' && version !== '3.0')
    throw new UsageError(`--vcard-version "${flags.vcardVersion}": expected 4.0 or 3.0`);
  return { vcard: version };
}

/**
 * The view of `leads list` and `leads get`: leadView, or with a lead file (`kind`) that file's text in
 * place of every other format; `skipped()` counts the locked leads it left out.
 */
export async function leadsView(
  kind: LeadFileKind | undefined,
  s: OutputSettings,
): Promise<{ view: View<Lead>; skipped: () => number }> {
  if (!kind) return { view: leadView, skipped: () => 0 };
  const file = await leadFile(kind, s.csv);
  return { view: { ...leadView, file }, skipped: () => file.skipped };
}

/** `csv`: the --csv-dialect / --csv-delimiter / --csv-raw settings, for a preset's CSV. */
export async function leadFile(kind: LeadFileKind, csv: CsvSettings = {}): Promise<LeadFile> {
  let skipped = 0;
  if ('preset' in kind) {
    const { presetRow } = await import('./presets.js');
    const { preset } = kind;
    return {
      header: () =>
        csvPreamble(csv) +
        csvLine(
          preset.columns.map((c) => c.header),
          csv,
        ),
      item: (lead) => {
        const row = presetRow(preset, lead);
        if (!row) return (skipped++, '');
        return csvLine(row, csv);
      },
      get skipped() {
        return skipped;
      },
    };
  }
  return {
    header: () => '',
    item: (lead) => {
      const card = leadVcard(lead, kind.vcard);
      if (card === null) return (skipped++, '');
      return card;
    },
    get skipped() {
      return skipped;
    },
  };
}

/** The stderr line for skipped locked leads. */
export function skippedLine(skipped: number, incremental = false): string {
  const what = `${skipped} locked lead${skipped === 1 ? '' : 's'}`;
  const why = "their contact details stay hidden until the plan's lead allowance covers them";
  return `skipped ${what}: ${why}${incremental ? ' (this state file will not export them again; see README "CRM presets")' : ''}\n`;
}

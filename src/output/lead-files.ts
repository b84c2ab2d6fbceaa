// Lead files for other tools: a CRM preset's CSV or vCards. Both skip locked leads (the API hides
// their contact until the plan's allowance covers them) and count them; nothing is guessed.
import { csvLine } from './csv.js';
import { leadVcard, type VcardVersion } from './vcf.js';
import type { Preset } from '../presets/index.js';

export interface LeadFile {
  header(): string;
  /** The text for one lead ('' when it is skipped). */
  item(lead: Record<string, any>): string;
  /** Locked leads left out so far. */
  readonly skipped: number;
}

export type LeadFileKind = { preset: Preset } | { vcard: VcardVersion };

export async function leadFile(kind: LeadFileKind): Promise<LeadFile> {
  let skipped = 0;
  if ('preset' in kind) {
    const { presetRow } = await import('../presets/index.js');
    const { preset } = kind;
    return {
      header: () => csvLine(preset.columns.map((c) => c.header)),
      item: (lead) => {
        const row = presetRow(preset, lead);
        if (!row) return (skipped++, '');
        return csvLine(row);
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

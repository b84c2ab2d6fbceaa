// CRM presets for lead CSVs: one data file per target (src/output/leads/presets/<name>.json). A new CRM is a new
// JSON file plus its line below; the columns, their sources and value maps are data, not code.
import hubspot from './presets/hubspot.json' with { type: 'json' };
import salesforce from './presets/salesforce.json' with { type: 'json' };
import { answersCell } from '../views/leads.js';
import { getPath } from '../values.js';
import { splitName } from './names.js';

export interface PresetColumn {
  header: string;
  /** `firstName`, `lastName` (split from contact.name), `answers` (one cell), or a dotted path into the lead. */
  from: string;
  /** Booleans written as the target wants them ("true"/"false", "1"/"0"); null stays empty. */
  values?: { true: string; false: string };
  /** The field the target's importer maps this header to by itself; null: a custom field to create. */
  mapsTo: string | null;
}

export interface Preset {
  name: string;
  label: string;
  /** The target's own documentation of its import column names (cited in the README). */
  docs: string[];
  columns: PresetColumn[];
}

export const PRESETS: Record<string, Preset> = Object.fromEntries(
  [hubspot, salesforce].map((p) => [p.name, p as Preset]),
);
export const PRESET_NAMES = Object.keys(PRESETS);

/** The preset's cells for one lead, or null for a locked lead (its contact is hidden: skipped, never guessed). */
export function presetRow(preset: Preset, lead: Record<string, any>): string[] | null {
  if (lead.locked || !lead.contact) return null;
  const name = splitName(lead.contact.name);
  return preset.columns.map((c) => {
    const v =
      c.from === 'firstName'
        ? name.first
        : c.from === 'lastName'
          ? name.last
          : c.from === 'answers'
            ? answersCell(lead.answers)
            : getPath(lead, c.from);
    if (v === null || v === undefined) return '';
    if (typeof v === 'boolean') return c.values ? c.values[String(v) as 'true' | 'false'] : String(v);
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
}

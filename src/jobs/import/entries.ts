// The shape of a list section's entry, as the schema and the spec state it: api-spec.md §card types
// `emails` and `phones` as arrays of `{label, value}` and `links` as `{type, url}`, all strings, and the
// campaign schema lists each section's props. An entry the file gives (any of its cells holds a value)
// needs every prop both name, with a value that is not blank: the API refuses `fields.emails.0.label:
// Required` otherwise. Other sections' props are not typed by the spec: not checked here.
import { NAME_MAX } from '../../api/rules.js';
import { openText } from '../../api/schemas/open.js';
import type { CampaignSchema } from '../../api/schemas/campaigns.js';
import type { Column, EntryRule } from './columns.js';

const ITEM_SHAPES: Record<string, readonly string[]> = {
  emails: ['label', 'value'],
  phones: ['label', 'value'],
  links: ['type', 'url'],
};

export function entryRules(schema: CampaignSchema, columns: readonly Column[]): EntryRule[] {
  const byEntry = new Map<string, { section: string; columns: number[]; props: Map<string, number> }>();
  columns.forEach((c, i) => {
    const [root, section, index, prop] = c.path;
    if (root !== 'fields' || typeof section !== 'string' || typeof index !== 'number' || c.path.length !== 4) return;
    if (!Object.hasOwn(ITEM_SHAPES, section)) return;
    const entry = `${section}.${index}`;
    const e = byEntry.get(entry) ?? { section, columns: [], props: new Map<string, number>() };
    e.columns.push(i);
    e.props.set(String(prop), i);
    byEntry.set(entry, e);
  });
  const out: EntryRule[] = [];
  for (const [entry, e] of byEntry) {
    const listed = schema.sections.find((s) => openText(s.key) === e.section)?.props.map((p) => openText(p.prop));
    const needed = ITEM_SHAPES[e.section].filter((p) => listed?.includes(p));
    out.push({ entry, columns: e.columns, needs: needed.map((prop) => ({ prop, column: e.props.get(prop) ?? -1 })) });
  }
  return out;
}

/** The problems of one row's entries, worded with the entry path (`emails.0: label is required …`). */
export function entryProblems(rules: readonly EntryRule[], cells: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of rules) {
    if (!r.columns.some((c) => cells[c])) continue;
    for (const { prop, column } of r.needs) {
      const v = column < 0 ? undefined : cells[column];
      if (!v)
        out.push(
          `${r.entry}.${prop} is required: the campaign's ${r.entry.split('.')[0]} entries need a ${prop}${column < 0 ? ` (no ${r.entry}.${prop} column; --set ${r.entry}.${prop}=… gives every row one)` : ''}`,
        );
      else if (!v.trim()) out.push(`${r.entry}.${prop} is blank`);
    }
  }
  return out;
}

/** The card's name (a `name` column): 1 to 200 characters (api-spec.md §Limits). */
export function nameProblem(name: string | undefined): string | undefined {
  if (name === undefined || name === '') return undefined;
  if (name.length > NAME_MAX) return `name has ${name.length} characters; at most ${NAME_MAX} allowed`;
  if (!name.trim()) return 'name is blank';
  return undefined;
}

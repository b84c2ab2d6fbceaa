// Column specs for card templates, and their field rules (a section after `templates get`'s table).
import type { Column, View } from '../view.js';
import { cellText } from '../values.js';

interface FieldRule {
  mode: string;
  value?: unknown;
}
interface CardTemplate {
  id: string;
  name: string;
  policy: { theme?: string; blocks?: string; fields: Record<string, FieldRule> };
  createdAt: string;
  updatedAt: string;
}
export interface FieldRuleRow {
  key: string;
  mode: string;
  value?: unknown;
}

const MODE_ORDER = ['required', 'locked', 'prefilled', 'optional', 'hidden'];
const count = (t: CardTemplate, mode: string) => Object.values(t.policy.fields).filter((r) => r.mode === mode).length;

export const fieldRuleColumns: Column<FieldRuleRow>[] = [
  { header: 'key', value: 'key' },
  { header: 'mode', value: 'mode', priority: 0, whole: true },
  { header: 'value', value: (r) => (r.value === undefined ? undefined : cellText(r.value)), min: 10 },
];

export const templateView: View<CardTemplate> = {
  columns: [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name', min: 10 },
    { header: 'theme', value: 'policy.theme', priority: 3, whole: true },
    { header: 'blocks', value: 'policy.blocks', priority: 3, whole: true },
    { header: 'required', value: (t) => count(t, 'required'), priority: 2 },
    { header: 'locked', value: (t) => count(t, 'locked'), priority: 2 },
    { header: 'hidden', value: (t) => count(t, 'hidden'), priority: 2 },
    { header: 'updated', value: 'updatedAt', style: 'date', priority: 3 },
  ],
  record: [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name' },
    { header: 'theme', value: 'policy.theme' },
    { header: 'blocks', value: 'policy.blocks' },
    { header: 'created', value: 'createdAt', style: 'date' },
    { header: 'updated', value: 'updatedAt', style: 'date' },
  ],
  csv: ['id', 'name', 'policy.theme', 'policy.blocks', 'createdAt', 'updatedAt'],
  sections: [{ title: 'Field rules', rows: fieldRuleRows, columns: fieldRuleColumns }],
};

/** The template's field rules, required and locked first. */
export function fieldRuleRows(t: CardTemplate): FieldRuleRow[] {
  return Object.entries(t.policy.fields)
    .map(([key, r]) => ({ key, mode: r.mode, value: r.value }))
    .sort((a, b) => (MODE_ORDER.indexOf(a.mode) + 1 || 99) - (MODE_ORDER.indexOf(b.mode) + 1 || 99));
}

// `campaigns import --update`: a row held against its card, field by field. A row is a set of leaves
// (dotted paths such as `title`, `emails.0.value`, `address.city`: the native row's own columns, or a
// mapped row's `resolvedFields` from the dry run); the card's update is its complete current `fields`
// with those leaves set, so nothing the file does not hold is cleared (api-spec: PATCH treats `fields`
// as the complete data and clears scalars left out). The template's rules (locked, hidden, required:
// src/api/card-rules.ts, the same checks `cards update` makes) are applied before anything is sent.
// Pure functions.
import { SCALAR_KEYS, templateProblems, type Fields, type TemplateLike } from '../../api/card-rules.js';
import { hasOwn, own, setOwn } from '../../own.js';
import { canonicalJson } from '../../api/canonical-json.js';

/** One property of a card that the update changes: its dotted path, the card's value and the row's. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface RowUpdate {
  /** The leaves whose value differs from the card's (empty: the row is unchanged). */
  changes: FieldChange[];
  /** The complete `fields` to PATCH (the card's data with the row's leaves set). */
  fields: Fields;
  /** What the service will do beyond the row's own values (hidden scalars cleared, locked values re-applied). */
  notes: string[];
  /** Template rules the result would break: the row is invalid, nothing is sent for it. */
  problems: string[];
}

/** A nested value as dotted leaves (`{emails: [{value: 'a'}]}` → `{'emails.0.value': 'a'}`). */
export function leavesOf(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [k, v] of entries) leavesOf(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix && value !== undefined) {
    setOwn(out, prefix, value);
  }
  return out;
}

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);
const topKey = (path: string) => path.split('.', 1)[0];

/** Sets a dotted path in `target`, creating lists (numeric segment next) and objects on the way. */
function setLeaf(target: Record<string, unknown>, path: string, value: unknown): void {
  const segs = path.split('.');
  let cur: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < segs.length - 1; i++) {
    const seg = segs[i];
    const nextIsIndex = /^\d+$/.test(segs[i + 1]);
    let next = hasOwn(cur, seg) ? (cur as Record<string, unknown>)[seg] : undefined;
    if (next === null || typeof next !== 'object' || Array.isArray(next) !== nextIsIndex) {
      next = nextIsIndex ? [] : {};
      setOwn(cur, Array.isArray(cur) ? Number(seg) : seg, next);
    }
    cur = next as Record<string, unknown> | unknown[];
  }
  const last = segs[segs.length - 1];
  setOwn(cur, Array.isArray(cur) ? Number(last) : last, value);
}

/**
 * The leaves a row holds for a card. Mapped rows: what the dry run resolved, minus what the template put
 * there rather than the file: locked values (the service applies them anyway) and prefilled values equal
 * to the template's (a card edited since keeps its edit).
 */
export function rowLeaves(
  resolved: Record<string, unknown>,
  template?: TemplateLike,
  mapped = false,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(resolved)) {
    if (value === undefined || value === null || value === '') continue;
    if (mapped && template) {
      const rule = own(template.policy.fields, topKey(path));
      if (rule?.mode === 'locked') continue;
      if (rule?.mode === 'prefilled' && same(own(leavesOf(rule.value, topKey(path)), path), value)) continue;
    }
    setOwn(out, path, value);
  }
  return out;
}

/** The row against its card: what changes, and the complete fields of the one PATCH that makes it so. */
export function planRowUpdate(card: Fields, leaves: Record<string, unknown>, template?: TemplateLike): RowUpdate {
  const current = leavesOf(card);
  const changes: FieldChange[] = [];
  for (const [field, to] of Object.entries(leaves)) {
    const from = own(current, field);
    if (!same(from, to)) changes.push({ field, from: from ?? null, to });
  }
  const fields: Fields = structuredClone(card);
  for (const [path, value] of Object.entries(leaves)) setLeaf(fields, path, value);
  const written = new Set(Object.keys(leaves).map(topKey));
  const notes: string[] = [];
  for (const [key, rule] of Object.entries(template?.policy.fields ?? {})) {
    if (written.has(key) || !hasOwn(fields, key)) continue;
    const value = fields[key];
    const blank = value === null || value === undefined || value === '';
    if (rule.mode === 'hidden' && (SCALAR_KEYS as readonly string[]).includes(key) && !blank)
      notes.push(`clears ${key} (template ${template!.id} hides it; the API refuses to keep it)`);
    if (rule.mode === 'locked' && !blank && !same(value, rule.value))
      notes.push(`${key} becomes the template's locked value`);
    // Left out: the service re-applies locked values, keeps sections, and refuses a hidden key sent.
    if (rule.mode === 'locked' || rule.mode === 'hidden') delete fields[key];
  }
  // `fields` is the card's complete data: a required section it lacks is missing (not kept by the service).
  const problems = template ? templateProblems(fields, template, { written }) : [];
  return { changes, fields, notes, problems };
}

/** The changes an answer does not show (a PATCH whose answer lacks them is not counted done). */
export function unshownChanges(answer: Fields, changes: readonly FieldChange[]): string[] {
  const now = leavesOf(answer);
  return changes.filter((c) => !same(own(now, c.field), c.to)).map((c) => c.field);
}

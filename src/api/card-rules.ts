// Client-side rules of a card's `fields`: refusing unknown keys (the API drops them silently) and wrong
// shapes, merging a change into a card's current data, and checking a template's rules before anything
// is sent. Pure functions; problems are returned as lines for a UsageError (exit 2). Fields from flags:
// commands/card-flags.ts.
import { closest } from './rules.js';
import { hasOwn, own, setOwn } from '../own.js';

export const SCALAR_KEYS = ['firstName', 'lastName', 'title', 'company', 'bio', 'photoUrl', 'companyLogoUrl'] as const;
export const SECTION_KEYS = ['emails', 'phones', 'links', 'address'] as const;
/** Address sub-fields we know of (the spec shows city and country). */
export const ADDRESS_KEYS = ['street', 'city', 'region', 'postalCode', 'country'] as const;
const ITEM_KEYS = new Map<string, readonly string[]>([
  ['emails', ['label', 'value']],
  ['phones', ['label', 'value']],
  ['links', ['type', 'url']],
]);

export type Fields = Record<string, unknown>;

export interface RuleLike {
  mode: string;
  value?: unknown;
}
export interface TemplateLike {
  id: string;
  policy: { fields: Record<string, RuleLike> };
}

const isEmpty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).every(isEmpty));

/** Keys a card may hold: the standard ones plus whatever the template has rules for. */
export function knownKeys(template?: TemplateLike | null): string[] {
  const extra = Object.keys(template?.policy.fields ?? {});
  return [...new Set<string>([...SCALAR_KEYS, ...SECTION_KEYS, ...extra])];
}

/** Unknown keys (top level, address parts, list item props) with the nearest known key. */
export function unknownFieldProblems(fields: Fields, template?: TemplateLike | null): string[] {
  const known = knownKeys(template);
  const problems: string[] = [];
  const report = (path: string, word: string, candidates: readonly string[]) => {
    const near = closest(word, candidates);
    problems.push(`unknown field "${path}"${near ? ` (did you mean ${path.replace(/[^.]+$/, near)}?)` : ''}`);
  };
  for (const [key, value] of Object.entries(fields)) {
    if (!known.includes(key)) {
      report(key, key, known);
      continue;
    }
    if (key === 'address' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const sub of Object.keys(value))
        if (!(ADDRESS_KEYS as readonly string[]).includes(sub)) report(`address.${sub}`, sub, ADDRESS_KEYS);
    }
    const props = ITEM_KEYS.get(key);
    if (props && Array.isArray(value)) {
      value.forEach((item, i) => {
        if (!item || typeof item !== 'object') return;
        for (const p of Object.keys(item)) if (!props.includes(p)) report(`${key}.${i}.${p}`, p, props);
      });
    }
  }
  return problems;
}

/** Shape problems the API would answer 422 for (scalars are strings, lists are lists of objects). */
export function shapeProblems(fields: Fields): string[] {
  const problems: string[] = [];
  for (const [key, v] of Object.entries(fields)) {
    if (v === null || v === undefined) continue;
    if ((SCALAR_KEYS as readonly string[]).includes(key) && typeof v !== 'string')
      problems.push(`${key}: expected a string`);
    const props = ITEM_KEYS.get(key);
    if (props && (!Array.isArray(v) || v.some((i) => !i || typeof i !== 'object' || Array.isArray(i)))) {
      problems.push(`${key}: expected a list of {${props.join(', ')}} objects`);
    }
    if (key === 'address' && (typeof v !== 'object' || Array.isArray(v))) problems.push('address: expected an object');
  }
  return problems;
}

/** Drops cleared (null) entries and empty address objects: what a create sends. */
export function withoutCleared(fields: Fields): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === null || v === undefined) continue;
    if (k === 'address' && v && typeof v === 'object' && !Array.isArray(v)) {
      const addr = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null && x !== undefined));
      if (Object.keys(addr).length) setOwn(out, k, addr);
      continue;
    }
    setOwn(out, k, v);
  }
  return out;
}

/**
 * The complete `fields` for a PATCH that changes only `changes`: the card's current data with the changes
 * applied (null clears; address parts merge). Locked and hidden keys the caller did not touch are left
 * out: the service re-applies locked values, keeps rich sections left out, and refuses a hidden key sent.
 * Reports the hidden scalars that leaving out will clear, and the locked keys whose value will change.
 */
export function mergeFields(
  current: Fields,
  changes: Fields,
  template?: TemplateLike | null,
): { fields: Fields; dropped: string[]; relocked: string[] } {
  const base: Fields = structuredClone(current);
  const dropped: string[] = [];
  const relocked: string[] = [];
  for (const [key, rule] of Object.entries(template?.policy.fields ?? {})) {
    if (hasOwn(changes, key) || !hasOwn(base, key)) continue;
    if (rule.mode === 'hidden' && (SCALAR_KEYS as readonly string[]).includes(key) && !isEmpty(base[key]))
      dropped.push(key);
    if (rule.mode === 'locked' && !isEmpty(base[key]) && canonical(base[key]) !== canonical(rule.value))
      relocked.push(key);
    if (rule.mode === 'locked' || rule.mode === 'hidden') delete base[key];
  }
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'address' && value && typeof value === 'object' && !Array.isArray(value)) {
      const prev = base.address && typeof base.address === 'object' ? (base.address as Fields) : {};
      const merged = Object.fromEntries(
        Object.entries({ ...prev, ...(value as Fields) }).filter(([, v]) => v !== null),
      );
      base.address = Object.keys(merged).length ? merged : null;
    } else if (value === null && (SCALAR_KEYS as readonly string[]).includes(key)) {
      delete base[key]; // a scalar left out is cleared
    } else {
      setOwn(base, key, value);
    }
  }
  return { fields: base, dropped, relocked };
}

const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );
}

/**
 * A template's rules against what is sent: `written` keys must not set a locked field (to anything but its
 * value) or a hidden one; required fields must be filled. With `sectionsKept` (a PATCH), a rich section
 * left out is kept by the service, so only one sent as null counts as missing.
 */
export function templateProblems(
  fields: Fields,
  template: TemplateLike,
  opts: { written?: Iterable<string>; sectionsKept?: boolean } = {},
): string[] {
  const written = new Set(opts.written ?? Object.keys(fields));
  const problems: string[] = [];
  for (const [key, rule] of Object.entries(template.policy.fields)) {
    const v = own(fields, key);
    const writes = written.has(key) && !isEmpty(v);
    const kept = opts.sectionsKept && !(SCALAR_KEYS as readonly string[]).includes(key) && !hasOwn(fields, key);
    if (rule.mode === 'locked' && writes && canonical(v) !== canonical(rule.value)) {
      problems.push(
        `${key}: locked by template ${template.id}${rule.value !== undefined ? ` (always ${shown(rule.value)})` : ''}`,
      );
    } else if (rule.mode === 'hidden' && writes) {
      problems.push(`${key}: hidden by template ${template.id}; it cannot be set`);
    } else if (rule.mode === 'required' && isEmpty(v) && !kept) {
      problems.push(`${key}: required by template ${template.id}`);
    }
  }
  return problems;
}

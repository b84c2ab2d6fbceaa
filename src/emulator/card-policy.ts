// Card `fields`: shape checks (unknown keys dropped, as the real service does) and template field rules
// (locked / hidden written, required missing, prefilled and locked values applied). Used by POST /cards,
// PATCH /cards/:id and campaign ingestion (dry run and create). Every problem is reported at once.
import type { ErrorDetail } from './http.js';
import type { CardFields, TemplateRecord } from './model.js';

export const SCALAR_FIELD_KEYS = [
  'firstName',
  'lastName',
  'title',
  'company',
  'bio',
  'photoUrl',
  'companyLogoUrl',
] as const;
export const SECTION_KEYS = ['emails', 'phones', 'links', 'address'] as const;
/** Address sub-fields kept (the spec shows city and country; the others are "not shown", kept as strings). */
export const ADDRESS_KEYS = ['street', 'city', 'region', 'postalCode', 'country'] as const;

export interface FieldsCheck {
  /** The sanitised fields (unknown keys dropped, template values applied). */
  fields: CardFields;
  /** Shape problems `{field, message, code}` and template problems `{key, reason}`. */
  problems: ErrorDetail[];
}

export interface FieldsOptions {
  /** Apply prefilled values to fields left empty (creation; default true). */
  applyPrefilled?: boolean;
  /** Prefix of `field` paths in problems (default `fields`). */
  pathPrefix?: string;
  /**
   * Keys the request writes (default: every key given). Others were kept from the stored card (PATCH keeps
   * rich sections left out): keeping is not writing, so they are not refused as locked or hidden.
   */
  written?: ReadonlySet<string>;
  /** Allowed `links[].type` values (seed rules.linkTypes; the spec: "an enumerated string"); null/absent = any. */
  linkTypes?: readonly string[] | null;
}

const isEmpty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).every(isEmpty));

/** A JSON value's type as validation messages name it: `null`, `array`, or the `typeof`. */
export const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Keys a card may hold: the standard ones plus list-like sections the template declares. */
export function knownFieldKeys(template?: TemplateRecord | null): string[] {
  const extra = (template?.sections ?? [])
    .map((s) => s.key)
    .filter((k) => !(SECTION_KEYS as readonly string[]).includes(k));
  return [...SCALAR_FIELD_KEYS, ...SECTION_KEYS, ...extra];
}

/**
 * Shape check of raw `fields`: known keys are type-checked, unknown keys (top level and inside items)
 * are dropped silently. A null value means "absent".
 */
export function sanitizeFields(
  raw: unknown,
  template?: TemplateRecord | null,
  prefix = 'fields',
  linkTypes?: readonly string[] | null,
): FieldsCheck {
  const problems: ErrorDetail[] = [];
  const fields: CardFields = {};
  if (raw === undefined || raw === null) return { fields, problems };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return {
      fields,
      problems: [{ field: prefix, message: `Expected object, received ${typeName(raw)}`, code: 'invalid_type' }],
    };
  }
  const src = raw as Record<string, unknown>;
  const bad = (path: string, message: string, code = 'invalid_type') =>
    problems.push({ field: `${prefix}.${path}`, message, code });
  // A section's `max` comes from the template (campaign_schema sections[].max); without one, no cap.
  const sectionMax = (key: string) => {
    const max: unknown = template?.sections.find((s) => s.key === key)?.max;
    return typeof max === 'number' ? max : Infinity;
  };

  for (const key of SCALAR_FIELD_KEYS) {
    const v = src[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') bad(key, `Expected string, received ${typeName(v)}`);
    else fields[key] = v;
  }
  const list = (key: string, props: string[], check: (item: Record<string, string>, path: string) => void) => {
    const v = src[key];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v)) return void bad(key, `Expected array, received ${typeName(v)}`);
    if (v.length > sectionMax(key)) bad(key, `Array must contain at most ${sectionMax(key)} element(s)`, 'too_big');
    const out: Record<string, string>[] = [];
    v.forEach((item, i) => {
      if (!item || typeof item !== 'object' || Array.isArray(item))
        return void bad(`${key}.${i}`, `Expected object, received ${typeName(item)}`);
      const rec: Record<string, string> = {};
      for (const p of props) {
        const pv = (item as Record<string, unknown>)[p];
        if (typeof pv !== 'string')
          bad(`${key}.${i}.${p}`, pv === undefined ? 'Required' : `Expected string, received ${typeName(pv)}`);
        else rec[p] = pv;
      }
      if (Object.keys(rec).length === props.length) {
        const before = problems.length;
        check(rec, `${key}.${i}`);
        if (problems.length === before) out.push(rec);
      }
    });
    return out;
  };
  const labeled = (rec: Record<string, string>, path: string) => {
    if (!rec.value.trim()) bad(`${path}.value`, 'String must contain at least 1 character(s)', 'too_small');
  };
  // The spec types emails[].value as a string; it names no pattern, so none is enforced.
  const emails = list('emails', ['label', 'value'], labeled);
  if (emails) fields.emails = emails as unknown as CardFields['emails'];
  const phones = list('phones', ['label', 'value'], labeled);
  if (phones) fields.phones = phones as unknown as CardFields['phones'];
  const links = list('links', ['type', 'url'], (rec, path) => {
    if (linkTypes && !linkTypes.includes(rec.type)) {
      bad(
        `${path}.type`,
        `Invalid enum value. Expected ${linkTypes.map((t) => `'${t}'`).join(' | ')}, received '${rec.type}'`,
        'invalid_enum_value',
      );
    }
    if (!rec.url.trim()) bad(`${path}.url`, 'String must contain at least 1 character(s)', 'too_small');
  });
  if (links) fields.links = links as unknown as CardFields['links'];

  const addr = src.address;
  if (addr !== undefined && addr !== null) {
    if (typeof addr !== 'object' || Array.isArray(addr)) bad('address', `Expected object, received ${typeName(addr)}`);
    else {
      const out: Record<string, string> = {};
      for (const k of ADDRESS_KEYS) {
        const v = (addr as Record<string, unknown>)[k];
        if (v === undefined || v === null) continue;
        if (typeof v !== 'string') bad(`address.${k}`, `Expected string, received ${typeName(v)}`);
        else out[k] = v;
      }
      fields.address = out;
    }
  }
  // Further list-like sections the template supports: items keep the section's declared string props.
  for (const section of template?.sections ?? []) {
    if ((SECTION_KEYS as readonly string[]).includes(section.key)) continue;
    const v = src[section.key];
    if (v === undefined || v === null) continue;
    if (!Array.isArray(v)) {
      bad(section.key, `Expected array, received ${typeName(v)}`);
      continue;
    }
    if (typeof section.max === 'number' && v.length > section.max)
      bad(section.key, `Array must contain at most ${section.max} element(s)`, 'too_big');
    const items: Record<string, string>[] = [];
    v.forEach((item, i) => {
      if (!item || typeof item !== 'object' || Array.isArray(item))
        return void bad(`${section.key}.${i}`, `Expected object, received ${typeName(item)}`);
      const rec: Record<string, string> = {};
      for (const { prop } of section.props) {
        const pv = (item as Record<string, unknown>)[prop];
        if (pv === undefined || pv === null) continue;
        if (typeof pv !== 'string') bad(`${section.key}.${i}.${prop}`, `Expected string, received ${typeName(pv)}`);
        else rec[prop] = pv;
      }
      items.push(rec);
    });
    fields[section.key] = items;
  }
  return { fields, problems };
}

/**
 * Applies a template's field rules to sanitised fields. api-spec (GET /templates/:id): "writing to a
 * `locked` or `hidden` field, or leaving a `required` field empty, answers 422 validation_failed" — so
 * any value written to a locked field is a problem, its own locked value included; the locked value is
 * always applied. Prefilled: applied when empty (on creation). Required: empty after all that is a problem.
 */
export function applyTemplateRules(
  fields: CardFields,
  template: TemplateRecord | null | undefined,
  applyPrefilled = true,
  written?: ReadonlySet<string>,
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (!template) return problems;
  for (const [key, rule] of Object.entries(template.policy.fields)) {
    const v = fields[key];
    const writes = !written || written.has(key);
    switch (rule.mode) {
      case 'locked':
        if (writes && !isEmpty(v)) problems.push({ key, reason: 'locked' });
        if (rule.value === undefined) delete fields[key];
        else fields[key] = structuredClone(rule.value);
        break;
      case 'hidden':
        if (!writes) break;
        if (!isEmpty(v)) problems.push({ key, reason: 'hidden' });
        delete fields[key];
        break;
      case 'prefilled':
        if (applyPrefilled && isEmpty(v) && rule.value !== undefined) fields[key] = structuredClone(rule.value);
        break;
      case 'required':
        if (isEmpty(v)) problems.push({ key, reason: 'required' });
        break;
      default:
        break;
    }
  }
  return problems;
}

/** Shape check plus template rules; what campaign ingestion can dry-run without creating anything. */
export function validateCardFields(
  raw: unknown,
  template?: TemplateRecord | null,
  opts: FieldsOptions = {},
): FieldsCheck {
  const { fields, problems } = sanitizeFields(raw, template, opts.pathPrefix ?? 'fields', opts.linkTypes);
  problems.push(...applyTemplateRules(fields, template, opts.applyPrefilled ?? true, opts.written));
  return { fields, problems };
}

/** The card name that follows the person's name: first + last, or undefined when both are empty. */
export function personName(fields: CardFields): string | undefined {
  const name = [fields.firstName, fields.lastName]
    .map((s) => (typeof s === 'string' ? s.trim() : ''))
    .filter(Boolean)
    .join(' ');
  return name ? name.slice(0, 200) : undefined;
}

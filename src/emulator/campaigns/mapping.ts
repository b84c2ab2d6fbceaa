// Mapped mode: the caller's own record → card fields through the campaign's rules (README "mapping
// configuration"), plus the short-link rule. Pure functions over plain JSON.
import type { CampaignApiConfig, CardFields, MappingRule } from '../model.js';

/** Value at a dotted path; digit segments index arrays. */
export function getPath(value: unknown, path: string): unknown {
  let cur = value;
  for (const seg of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[Array.isArray(cur) && /^\d+$/.test(seg) ? Number(seg) : seg];
  }
  return cur;
}

/** Dotted paths of every leaf value (arrays by index). */
export function leafPaths(value: unknown, prefix = '', out: string[] = []): string[] {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [k, v] of entries) leafPaths(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out.push(prefix);
  }
  return out;
}

export const isBlank = (v: unknown): boolean => v === undefined || v === null || v === '';

/** Record paths the configuration reads: rules, the identifier and the short-link source. */
export function readPaths(config: CampaignApiConfig): string[] {
  return [
    ...config.rules.map((r) => r.from),
    ...(config.externalIdPath ? [config.externalIdPath] : []),
    ...(config.shortLink?.from ? [config.shortLink.from] : []),
  ];
}

const covers = (read: string, leaf: string) => leaf === read || leaf.startsWith(`${read}.`);

export interface MappedFields {
  fields: CardFields;
  unmappedPaths: string[];
  /** Rule sources holding a value no card field can take (an object or a list). */
  problems: Array<{ field: string; message: string; code: string }>;
}

/** Applies the rules in order: scalars set, `address.<sub>` set, list sections appended. */
export function mapRecord(config: CampaignApiConfig, record: Record<string, unknown>): MappedFields {
  const fields: CardFields = {};
  const problems: MappedFields['problems'] = [];
  for (const rule of config.rules) {
    const raw = getPath(record, rule.from);
    if (isBlank(raw)) continue;
    if (typeof raw === 'object') {
      problems.push({
        field: rule.from,
        message: `Expected a text value for ${rule.to}, received ${Array.isArray(raw) ? 'array' : 'object'}`,
        code: 'invalid_type',
      });
      continue;
    }
    apply(fields, rule, String(raw));
  }
  const reads = readPaths(config);
  const unmappedPaths = leafPaths(record).filter((leaf) => !reads.some((r) => covers(r, leaf)));
  return { fields, unmappedPaths, problems };
}

function apply(fields: CardFields, rule: MappingRule, value: string): void {
  const to = rule.to;
  if (to === 'emails' || to === 'phones') {
    (fields[to] ??= []).push({ label: rule.label ?? (to === 'emails' ? 'Work' : 'Mobile'), value });
  } else if (to === 'links') {
    (fields.links ??= []).push({ type: rule.type ?? 'website', url: value });
  } else if (to.startsWith('address.')) {
    (fields.address ??= {})[to.slice('address.'.length) as keyof NonNullable<CardFields['address']>] = value;
  } else {
    fields[to] = value;
  }
}

/** Lower case, accents stripped, anything else than letters and digits → '-', trimmed. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The short code the rule resolves to; undefined when the rule is absent (random code). */
export function resolveShortLink(
  config: CampaignApiConfig,
  record: Record<string, unknown>,
  fields: CardFields,
): string | undefined {
  const rule = config.shortLink;
  if (!rule) return undefined;
  if (rule.from) {
    const v = getPath(record, rule.from);
    return isBlank(v) ? undefined : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  if (rule.pattern) {
    return slugify(
      rule.pattern.replace(/\{([^}]+)\}/g, (_, key: string) => {
        const v = getPath(fields, key.trim());
        return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
      }),
    );
  }
  return undefined;
}

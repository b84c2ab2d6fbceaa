// Reads api-spec.md at test time (CI clones the repository with shared/ beside it: <repo>/../shared)
// and derives what the conformance guard holds every emulator answer against: the object tables
// (fields, types, nesting), the error body, each endpoint's error codes and the header names it names.
// Nothing here is copied from the spec by hand except the few readings marked "reading:" below, each
// with the spec sentence it rests on.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SPEC_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'api-spec.md');

export type Kind = 'string' | 'integer' | 'boolean' | 'null' | 'array' | 'object' | 'any';
export interface Shape {
  kinds: Kind[];
  /** Documented keys of an object (closed unless `open`). */
  keys?: Map<string, Field>;
  open?: boolean;
  /** Shape of array items. */
  items?: Shape;
}
export interface Field {
  shape: Shape;
  optional: boolean;
  cite: string;
}

export interface Spec {
  objects: Map<string, Shape>;
  /** Card `fields` (the "Card fields" table). */
  cardFields: Shape;
  errorShape: Shape;
  /** code → status, from the Error codes table. */
  codes: Map<string, number>;
  /** "METHOD /path" → codes the spec lists for it (with the conventions that apply to every endpoint). */
  endpoints: Map<string, Set<string>>;
  headers: Set<string>;
  /** "METHOD /path" → headers its Response column says the answer carries (e.g. Request-Id on one route). */
  responseHeaders: Map<string, Set<string>>;
}

const ticks = (s: string): string[] => [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const cells = (line: string): string[] =>
  line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());

/** `Request-Id` or `X-API-Key: <API_KEY>` → the lower-case header name. */
function headerName(tick: string): string | undefined {
  return /^([A-Z][A-Za-z]*(?:-[A-Za-z]+)+)(:|$)/.exec(tick)?.[1].toLowerCase();
}

function section(md: string, heading: string): string {
  const start = md.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`api-spec.md: no "${heading}" section`);
  const level = heading.split(' ')[0];
  const rest = md.slice(start + heading.length + 2);
  const next = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

function kindsOf(type: string): Kind[] {
  const out: Kind[] = [];
  for (const part of type.split(/\s+or\s+/)) {
    const p = part.trim();
    if (p.startsWith('string')) out.push('string');
    else if (p.startsWith('integer')) out.push('integer');
    else if (p.startsWith('boolean')) out.push('boolean');
    else if (p.startsWith('null')) out.push('null');
    else if (p.startsWith('array')) out.push('array');
    else if (p.startsWith('object')) out.push('object');
  }
  return out.length ? out : ['any'];
}

/** `{a, b?, c: [{d, e}]}` → an object shape whose keys are present (b optional), values of any kind. */
export function braceShape(src: string, cite: string): Shape {
  let i = 0;
  const parse = (): Shape => {
    const keys = new Map<string, Field>();
    i++; // {
    while (i < src.length && src[i] !== '}') {
      const m = /^\s*([A-Za-z_]+)(\?)?\s*/.exec(src.slice(i))!;
      i += m[0].length;
      let shape: Shape = { kinds: ['any'] };
      if (src[i] === ':') {
        i++;
        while (src[i] === ' ') i++;
        if (src[i] === '[') {
          i++;
          shape = { kinds: ['array'], items: parse() };
          i++; // ]
        }
      }
      keys.set(m[1], { shape, optional: Boolean(m[2]), cite });
      while (src[i] === ',' || src[i] === ' ') i++;
      if (src[i] === '}') break;
    }
    i++; // }
    return { kinds: ['object'], keys };
  };
  return parse();
}

function setField(root: Shape, path: string[], field: Field): void {
  let cur = root;
  for (const seg of path.slice(0, -1)) {
    cur.keys ??= new Map();
    let next = cur.keys.get(seg);
    if (!next) {
      next = { shape: { kinds: ['object'], keys: new Map() }, optional: field.optional, cite: field.cite };
      cur.keys.set(seg, next);
    }
    cur = next.shape;
  }
  cur.keys ??= new Map();
  cur.keys.set(path[path.length - 1], field);
}

/** One row of an object table → its fields. */
function addRow(root: Shape, row: string[], cite: string): void {
  const [nameCell, typeCell, notes = ''] = row;
  const names = ticks(nameCell);
  if (!names.length) return;
  const types =
    typeCell.split(/,\s*/).length === names.length && names.length > 1
      ? typeCell.split(/,\s*/)
      : names.map(() => typeCell);
  // reading: "on plans that include them", "overview only", "present on some errors" mark fields that may be absent.
  const optional = /on plans that include them|overview only|present on some|\(no `topQrCodes`\)/.test(notes);
  names.forEach((name, n) => {
    const type = types[n];
    const shape: Shape = { kinds: kindsOf(type) };
    const brace = /`(\{[^`]+\})`/.exec(type);
    if (shape.kinds.includes('array') && brace) shape.items = braceShape(brace[1], cite);
    if (shape.kinds.includes('object')) {
      if (brace) Object.assign(shape, { keys: braceShape(brace[1], cite).keys });
      else if (/^map of|see below|sample payload/.test(notes))
        shape.open = true; // maps and documents, checked elsewhere
      else {
        // reading: an object's keys are named in its notes ("`id`, `name` strings", "keys `status`, …").
        const sub = ticks(notes.replace(/\(null on a locked lead\)/, '')).filter((k) => /^[a-zA-Z]+$/.test(k));
        if (sub.length) shape.keys = new Map(sub.map((k) => [k, { shape: { kinds: ['any'] }, optional: false, cite }]));
        else shape.open = true;
      }
    }
    setField(root, name.split('.'), { shape, optional, cite });
  });
}

function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|[-| ]+\|$/.test(l))
    .slice(1)
    .map(cells);
}

export function loadSpec(path = SPEC_PATH): Spec {
  const md = readFileSync(path, 'utf8');
  const resources = section(md, '## Resources and their fields');
  const objects = new Map<string, Shape>();
  let cardFields: Shape = { kinds: ['object'], keys: new Map() };
  for (const block of resources.split(/\n### /).slice(1)) {
    const name = block
      .slice(0, block.indexOf('\n'))
      .replace(/ envelope$/, '')
      .trim();
    const shape: Shape = { kinds: ['object'], keys: new Map() };
    const tables = block.split(/\n\n/).filter((p) => p.startsWith('|'));
    for (const row of tableRows(tables[0] ?? '')) addRow(shape, row, `api-spec "${name}" table`);
    objects.set(name, shape);
    if (name === 'card' && tables[1]) {
      // "Card `fields` (all optional unless a template requires them)"
      for (const row of tableRows(tables[1])) addRow(cardFields, row, 'api-spec "Card fields" table');
      for (const f of cardFields.keys!.values()) f.optional = true;
      // reading: "Address sub-fields beyond `city` and `country`: not shown."
      const address = cardFields.keys!.get('address');
      if (address && /Address sub-fields beyond .*not shown/.test(block)) address.shape.open = true;
      for (const f of address?.shape.keys?.values() ?? []) f.optional = true; // "`city` and `country` strings occur"
      // `links` items: "`type` is an enumerated string … `url`"
      const links = cardFields.keys!.get('links');
      if (links) links.shape.items = braceShape('{type, url}', 'api-spec "Card fields" links');
    }
  }
  const card = objects.get('card')!;
  card.keys!.get('fields')!.shape = cardFields;
  cardFields = card.keys!.get('fields')!.shape;

  const errors = section(md, '## Errors');
  const errorShape: Shape = { kinds: ['object'], keys: new Map() };
  const errTables = errors.split(/\n\n/).filter((p) => p.startsWith('|'));
  for (const [name] of tableRows(errTables[0])) {
    const key = ticks(name)[0];
    const type: Kind[] = key === 'error.details' ? ['array'] : ['string'];
    setField(errorShape, key.split('.'), {
      shape: { kinds: type },
      optional: key === 'error.details',
      cite: 'api-spec Errors table',
    });
  }
  const codes = new Map<string, number>();
  const campaignOnly = new Set<string>();
  const codeTable = errTables.find((t) => t.startsWith('| Status | Code'))!;
  for (const [status, code, condition] of tableRows(codeTable)) {
    const c = ticks(code)[0];
    if (!c) continue;
    codes.set(c, Number(status));
    if (/^campaign endpoints:|^campaign body/.test(condition)) campaignOnly.add(c);
  }

  const endpointsText = section(md, '## Endpoints');
  const conventions = endpointsText.slice(0, endpointsText.indexOf('\n### '));
  const everywhere = new Set(
    ticks(/Every endpoint can also answer([^\n]+)/.exec(conventions)![1]).filter((c) => codes.has(c)),
  );
  // Authentication 6: "elsewhere it gets 403 key_scoped_to_campaign"
  const auth = section(md, '## Authentication');
  if (/elsewhere it gets 403 `key_scoped_to_campaign`/.test(auth)) everywhere.add('key_scoped_to_campaign');
  const endpoints = new Map<string, Set<string>>();
  const add = (ep: string, text: string, sectionText: string) => {
    const set = new Set(everywhere);
    for (const t of ticks(text)) if (codes.has(t)) set.add(t);
    // bare statuses: "404" → resource_not_found, "422" → validation_failed, a bare "403" → any 403 code
    if (/\b404\b/.test(text)) set.add('resource_not_found');
    if (/\b422\b/.test(text)) set.add('validation_failed');
    if (/(^|[^0-9])403(?! `)/.test(text)) for (const [c, s] of codes) if (s === 403) set.add(c);
    // Conventions: "Query validation failures answer 422 validation_failed"
    if (ep.startsWith('GET ')) set.add('validation_failed');
    // Conventions + Limits: Idempotency-Key on create, update and delete operations
    if (/Idempotency-Key/.test(text) || /^(POST|PATCH|DELETE) /.test(ep)) {
      for (const c of ['idempotency_key_reused', 'idempotency_key_in_flight', 'invalid_idempotency_key']) set.add(c);
    }
    if (/^POST \/campaigns\//.test(ep)) for (const c of campaignOnly) set.add(c);
    for (const t of ticks(sectionText.slice(0, sectionText.search(/\n(\*\*|\|)/)))) if (codes.has(t)) set.add(t);
    endpoints.set(ep, set);
  };
  const responseHeaders = new Map<string, Set<string>>();
  for (const sec of endpointsText.split(/\n### /).slice(1)) {
    const paras = sec.split(/\n(?=\*\*`)/);
    for (const p of paras) {
      const m = /^\*\*`([A-Z]+ [^`]+)`\*\*/.exec(p);
      if (m) add(m[1], p, sec);
    }
    for (const line of sec.split('\n').filter((l) => /^\| `[A-Z]+ \//.test(l))) {
      const [ep, ...rest] = cells(line);
      const full =
        rest.join(' ') +
        (ep.includes('/campaigns/:campaignId/cards`')
          ? ` ${/Campaign create-card rules:[\s\S]*/.exec(sec)?.[0] ?? ''}`
          : '');
      add(ticks(ep)[0], full, sec);
      const named = ticks(rest[rest.length - 1] ?? '').flatMap((t) => headerName(t) ?? []);
      if (named.length) responseHeaders.set(ticks(ep)[0], new Set(named));
    }
  }
  const headers = new Set<string>();
  for (const t of ticks(md)) {
    const h = headerName(t);
    if (h) headers.add(h);
  }
  return { objects, cardFields, errorShape, codes, endpoints, headers, responseHeaders };
}

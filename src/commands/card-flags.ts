// Card `fields` from the command line: --field/--email/--phone/--link and --data, for any command that
// writes a card's fields (cards create/update). Problems are exit 2 before anything is sent; the rules
// of the fields themselves (unknown keys, shapes, template rules) are api/card-rules.ts.
import type { Fields } from '../api/card-rules.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { readJsonObject } from './json-data.js';
import type { Input } from './model/define.js';
import { flag, repeatable, value } from './model/fields.js';
import { own, setOwn } from '../own.js';

/** --field, --email, --phone, --link. */
export const fieldFlags = {
  field: repeatable(
    '--field <key=value>',
    'set a field, e.g. title=CTO or address.city=Lyon; an empty value clears it (repeatable)',
  ),
  email: repeatable(
    '--email <label=value>',
    'an email address, e.g. Work=ada@example.com (repeatable; gives the whole emails list)',
  ),
  phone: repeatable(
    '--phone <label=value>',
    'a phone number, e.g. Mobile=+33612345678 (repeatable; gives the whole phones list)',
  ),
  link: repeatable(
    '--link <type=url>',
    'a link, e.g. linkedin=linkedin.com/in/ada (repeatable; gives the whole links list)',
  ),
};

/** --field, --email, --phone, --link, --data and --allow-unknown-fields. */
export const cardFieldFlags = {
  ...fieldFlags,
  data: value(
    '--data <json>',
    'fields as JSON: @file.json, - for stdin, or inline; a {"fields": {...}} document, or a card as `cards get -o json` prints it (its other keys are not sent), also works',
  ),
  allowUnknownFields: flag(
    '--allow-unknown-fields',
    'send field keys this tool does not know (the API drops unknown keys silently)',
  ),
};

export type CardFieldInput = Input<Record<never, never>, typeof cardFieldFlags>;
type FieldInput = Partial<Input<Record<never, never>, typeof fieldFlags>>;

export interface CardDocument {
  fields: Fields;
  /** Top-level keys of a `{"fields": ...}` document given with --data. */
  doc: Record<string, unknown>;
}

/** A field given as empty (`--field title=`) is sent as null: the API clears it. */
const CLEAR = null;

function splitPair(raw: string, flag: string, what: string, defaultKey?: string): [string, string] {
  const eq = raw.indexOf('=');
  if (eq < 0) {
    if (defaultKey !== undefined && raw.trim()) return [defaultKey, raw.trim()];
    throw new UsageError(`${flag} "${raw}": expected ${what}`);
  }
  return [raw.slice(0, eq).trim(), raw.slice(eq + 1).trim()];
}

/**
 * Fields from `--field k=v` (dotted `address.city=Lyon`; an empty value clears the field),
 * `--email label=value`, `--phone label=value`, `--link type=url` (each list flag gives the whole section).
 */
export function fieldsFromFlags(flags: FieldInput): Fields {
  const out: Fields = {};
  for (const raw of flags.field ?? []) {
    const [key, value] = splitPair(raw, '--field', 'key=value, e.g. title=CTO');
    if (!key) throw new UsageError(`--field "${raw}": the key is empty`);
    const parts = key.split('.');
    if (parts.length > 2 || parts.some((p) => !p))
      throw new UsageError(`--field "${raw}": use a field key or address.<part>, e.g. address.city=Lyon`);
    if (parts.length === 2) {
      const prev = own(out, parts[0]);
      const section = (prev && typeof prev === 'object' ? prev : {}) as Fields;
      setOwn(section, parts[1], value === '' ? CLEAR : value);
      setOwn(out, parts[0], section);
    } else {
      setOwn(out, key, value === '' ? CLEAR : value);
    }
  }
  const list = (
    name: 'emails' | 'phones' | 'links',
    given: string[] | undefined,
    flag: string,
    a: string,
    b: string,
    dflt: string,
  ) => {
    if (!given?.length) return;
    out[name] = given.map((raw) => {
      const [k, v] = splitPair(raw, flag, `${a}=${b}`, dflt);
      if (!k || !v) throw new UsageError(`${flag} "${raw}": expected ${a}=${b}, both non-empty`);
      return { [a]: k, [b]: v };
    });
  };
  list('emails', flags.email, '--email', 'label', 'value', 'Work');
  list('phones', flags.phone, '--phone', 'label', 'value', 'Mobile');
  list('links', flags.link, '--link', 'type', 'url', 'website');
  return out;
}

/** --data then the field flags (flags win; address parts merge). */
export async function readFieldInput(flags: CardFieldInput, ctx: Context): Promise<CardDocument> {
  let fields: Fields = {};
  let doc: Record<string, unknown> = {};
  if (flags.data !== undefined) {
    const data = await readJsonObject(flags.data, ctx);
    if ('fields' in data) {
      if (!data.fields || typeof data.fields !== 'object' || Array.isArray(data.fields)) {
        throw new UsageError('--data: "fields" must be a JSON object');
      }
      const { fields: f, ...rest } = data;
      fields = f as Fields;
      doc = rest;
    } else {
      fields = data;
    }
  }
  const fromFlags = fieldsFromFlags(flags);
  const merged: Fields = { ...fields, ...fromFlags };
  if (isObj(fields.address) && isObj(fromFlags.address)) merged.address = { ...fields.address, ...fromFlags.address };
  return { fields: merged, doc };
}

const isObj = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

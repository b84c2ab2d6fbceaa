// fast-check arbitraries derived from the contract's JSON Schemas: any value an arbitrary yields is one
// the schema accepts (the test checks each against ajv too). Covers what openapi/cardqr-api.yaml uses:
// $ref (with sibling overlays), anyOf/oneOf, const, enum, type (or a list of types), properties and
// required, `false` for a property that must be absent, items, additionalProperties, string lengths,
// patterns (fast-check's stringMatching) and the date/date-time formats, integer bounds. A schema without a type is an open value: any JSON.
// Objects open to unknown fields sometimes get one (the API may add fields).
import fc from 'fast-check';
import type { Contract } from './contract.js';

type Schema = Record<string, any> | boolean;

/** Instants within fixed bounds (never "now"): 2020-01-01 to 2030-12-31 UTC. */
const MIN_DATE = new Date(Date.UTC(2020, 0, 1));
const MAX_DATE = new Date(Date.UTC(2030, 11, 31, 23, 59, 59, 999));
const instant = fc.date({ min: MIN_DATE, max: MAX_DATE, noInvalidDate: true });

/** Any JSON value, small: what a field the spec leaves untyped may hold. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });
const UNKNOWN_KEYS = ['addedLater', 'beta', 'x_meta'];

export function arbitraryFor(contract: Contract, pointer: string): fc.Arbitrary<unknown> {
  return build(contract, contract.at(pointer));
}

/** A `$ref` with sibling keywords, as one schema (the siblings narrow the target). */
function flat(contract: Contract, s: Record<string, any>): Record<string, any> {
  if (typeof s.$ref !== 'string') return s;
  const { $ref: _ref, ...overlay } = s;
  const base = { ...flat(contract, contract.resolveSchema({ $ref: s.$ref })) };
  for (const [k, v] of Object.entries(overlay)) {
    if (k === 'properties') base.properties = { ...base.properties, ...v };
    else if (k === 'required') base.required = [...new Set([...(base.required ?? []), ...v])];
    else base[k] = v;
  }
  return base;
}

function build(contract: Contract, raw: Schema): fc.Arbitrary<unknown> {
  if (raw === true) return anyJson;
  if (raw === false) throw new Error('no value satisfies the schema false');
  const s = flat(contract, raw);
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...(alternatives as Schema[]).map((a) => build(contract, a)));
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((t) => build(contract, { ...s, type: t })));
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: s.minimum, max: s.maximum });
    case 'string':
      return stringOf(s);
    case 'array':
      return fc.array(s.items === undefined ? anyJson : build(contract, s.items), { maxLength: 4 });
    case 'object':
      return objectOf(contract, s);
    default:
      if (s.properties) return objectOf(contract, s);
      return anyJson;
  }
}

function stringOf(s: Record<string, any>): fc.Arbitrary<string> {
  if (s.format === 'date-time') return instant.map((d) => d.toISOString());
  if (s.format === 'date') return instant.map((d) => d.toISOString().slice(0, 10));
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern as string));
  const lengths = { minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 24, 24) };
  // Mostly printable ASCII; one in four any code point (control characters, other scripts, lone surrogates).
  return fc.oneof(
    { arbitrary: fc.string(lengths), weight: 3 },
    { arbitrary: fc.string({ ...lengths, unit: 'binary' }), weight: 1 },
  );
}

function objectOf(contract: Contract, s: Record<string, any>): fc.Arbitrary<unknown> {
  const props = Object.entries((s.properties ?? {}) as Record<string, Schema>).filter(([, p]) => p !== false);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, p] of props) model[k] = build(contract, p);
  const required = ((s.required ?? []) as string[]).filter((k) => k in model);
  const known = fc.record(model, { requiredKeys: required });
  const extra = s.additionalProperties;
  if (extra === false) return known;
  const value = extra === undefined || extra === true ? anyJson : build(contract, extra as Schema);
  const keys = extra === undefined ? UNKNOWN_KEYS : [...UNKNOWN_KEYS, 'further'];
  const unknown = fc.dictionary(fc.constantFrom(...keys.filter((k) => !(k in model))), value, { maxKeys: 2 });
  return fc
    .tuple(known, fc.option(unknown, { freq: 4 }))
    .map(([k, u]) => (u ? { ...u, ...(k as Record<string, unknown>) } : k));
}

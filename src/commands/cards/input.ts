// Shared by `cards create` and `cards update`: the field flags, --data, unknown-key refusal, template rules.
// Everything here runs before the write is sent; problems are exit 2.
import { type Command, InvalidArgumentError } from 'commander';
import type { Fields, TemplateLike } from '../../api/card-fields.js';
import { closest, nameProblem, shortCodeProblem, IDEMPOTENCY_KEY_MAX, NAME_MAX, SHORT_CODE_MAX } from '../../api/rules.js';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import { readJsonObject, repeatableOption } from '../shared.js';

export interface CardFieldFlags {
  field?: string[];
  email?: string[];
  phone?: string[];
  link?: string[];
  data?: string;
  allowUnknownFields?: boolean;
  idempotencyKey?: string;
}

/** commander argParsers: the spec's limits, checked while parsing (exit 2, nothing sent). */
export const parse = {
  name(v: string): string {
    const p = nameProblem(v);
    if (p) throw new InvalidArgumentError(`the name ${p} (1 to ${NAME_MAX} characters).`);
    return v;
  },
  shortCode(v: string): string {
    const p = shortCodeProblem(v);
    if (p) throw new InvalidArgumentError(`"${v}" ${p} (letters, digits and hyphens, up to ${SHORT_CODE_MAX}, not a reserved word).`);
    return v;
  },
  idempotencyKey(v: string): string {
    if (v.length < 1 || v.length > IDEMPOTENCY_KEY_MAX) throw new InvalidArgumentError(`must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.`);
    return v;
  },
};

export function withFieldOptions(cmd: Command): Command {
  return cmd
    .addOption(repeatableOption('--field <key=value>', 'set a field, e.g. title=CTO or address.city=Lyon; an empty value clears it (repeatable)'))
    .addOption(repeatableOption('--email <label=value>', 'an email address, e.g. Work=ada@example.com (repeatable; gives the whole emails list)'))
    .addOption(repeatableOption('--phone <label=value>', 'a phone number, e.g. Mobile=+33612345678 (repeatable; gives the whole phones list)'))
    .addOption(repeatableOption('--link <type=url>', 'a link, e.g. linkedin=linkedin.com/in/ada (repeatable; gives the whole links list)'))
    .option('--data <json>', 'fields as JSON: @file.json, - for stdin, or inline; a {"fields": {...}} card document also works')
    .option('--allow-unknown-fields', 'send field keys this tool does not know (the API drops unknown keys silently)')
    .option('--idempotency-key <key>', 'Idempotency-Key for this write, up to 255 characters (default: random)', parse.idempotencyKey);
}

export interface CardDocument {
  fields: Fields;
  /** Top-level keys of a `{"fields": ...}` document given with --data. */
  doc: Record<string, unknown>;
}

/** --data then the field flags (flags win; address parts merge). */
export async function readFieldInput(flags: CardFieldFlags, ctx: Context): Promise<CardDocument> {
  const { fieldsFromFlags, FieldInputError } = await import('../../api/card-fields.js');
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
  let fromFlags: Fields;
  try {
    fromFlags = fieldsFromFlags(flags);
  } catch (e) {
    if (e instanceof FieldInputError) throw new UsageError(e.message);
    throw e;
  }
  const merged: Fields = { ...fields, ...fromFlags };
  if (isObj(fields.address) && isObj(fromFlags.address)) merged.address = { ...fields.address, ...fromFlags.address };
  return { fields: merged, doc };
}

const isObj = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** Refuses unknown keys (unless allowed) and wrong shapes, listing every problem at once. */
export async function checkFieldKeys(fields: Fields, flags: CardFieldFlags, template?: TemplateLike | null): Promise<void> {
  const { shapeProblems, unknownFieldProblems } = await import('../../api/card-fields.js');
  const unknown = flags.allowUnknownFields ? [] : unknownFieldProblems(fields, template);
  const problems = [...unknown, ...shapeProblems(fields)];
  if (!problems.length) return;
  const hint = unknown.length ? ['the API drops unknown keys silently; pass --allow-unknown-fields to send them anyway'] : [];
  if (problems.length === 1) throw new UsageError(problems[0], hint);
  throw new UsageError(`${problems.length} problems with the card fields; nothing was sent`, [...problems, ...hint]);
}

/** Template rules checked before sending: every problem, then exit 2. */
export function refuseTemplateProblems(problems: string[], templateId: string): void {
  if (!problems.length) return;
  throw new UsageError(`the fields break ${problems.length === 1 ? 'a rule' : `${problems.length} rules`} of template ${templateId}; nothing was sent`, problems);
}

/** True when any unknown key could be one the template knows (then fetching it may clear the doubt). */
export async function hasUnknownKeys(fields: Fields): Promise<boolean> {
  const { unknownFieldProblems } = await import('../../api/card-fields.js');
  return unknownFieldProblems(fields).length > 0;
}

/**
 * The template's rules, or undefined when the key may not read templates (then the service still checks
 * them; a warning says the local check was skipped).
 */
export async function fetchTemplateRules(ctx: Context, id: string): Promise<TemplateLike | undefined> {
  const { getTemplate } = await import('../../api/templates.js');
  try {
    return await getTemplate(await ctx.api(), id);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'forbidden') {
      ctx.msg.warn(`cannot read template ${id} (the key lacks templates:read); its rules are checked by the API only`);
      return undefined;
    }
    throw e;
  }
}

/** Values of a `{"fields": ...}` document that the flags did not set, checked like the flags. */
export function docString(doc: Record<string, unknown>, key: string, check?: (v: string) => string): string | undefined {
  const v = doc[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new UsageError(`--data: "${key}" must be a string`);
  if (!check) return v;
  try {
    return check(v);
  } catch (e) {
    throw new UsageError(`--data: ${key} ${(e as Error).message}`);
  }
}

/** Top-level keys of a `{"fields": ...}` document other than `allowed` (the API would drop them silently). */
export function checkDocKeys(doc: Record<string, unknown>, allowed: string[], flags: CardFieldFlags): void {
  if (flags.allowUnknownFields) return;
  const unknown = Object.keys(doc).filter((k) => !allowed.includes(k));
  if (!unknown.length) return;
  const lines = unknown.map((k) => {
    const near = closest(k, [...allowed, 'fields']);
    return `unknown key "${k}" in --data${near ? ` (did you mean ${near}?)` : ''}; a card document takes fields, ${allowed.join(', ')}`;
  });
  throw new UsageError(lines[0], lines.slice(1));
}

// Shared by `cards create` and `cards update`: the checks of a card document before the write is sent
// (unknown keys, template rules, --data's top-level keys); problems are exit 2. The fields themselves come
// from commands/card-flags.ts.
import { InvalidArgumentError } from 'commander';
import type { Fields, TemplateLike } from '../../api/card-rules.js';
import { closest } from '../../api/rules.js';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import type { CardFieldInput } from '../card-flags.js';

type Allowing = Pick<CardFieldInput, 'allowUnknownFields'>;
import { own } from '../../own.js';

/** Refuses unknown keys (unless allowed) and wrong shapes, listing every problem at once. */
export async function checkFieldKeys(fields: Fields, flags: Allowing, template?: TemplateLike | null): Promise<void> {
  const { shapeProblems, unknownFieldProblems } = await import('../../api/card-rules.js');
  const unknown = flags.allowUnknownFields ? [] : unknownFieldProblems(fields, template);
  const problems = [...unknown, ...shapeProblems(fields)];
  if (!problems.length) return;
  const hint = unknown.length
    ? ['the API drops unknown keys silently; pass --allow-unknown-fields to send them anyway']
    : [];
  if (problems.length === 1) throw new UsageError(problems[0], hint);
  throw new UsageError(`${problems.length} problems with the card fields; nothing was sent`, [...problems, ...hint]);
}

/** Template rules checked before sending: every problem, then exit 2. */
export function refuseTemplateProblems(problems: string[], templateId: string): void {
  if (!problems.length) return;
  throw new UsageError(
    `the fields break ${problems.length === 1 ? 'a rule' : `${problems.length} rules`} of template ${templateId}; nothing was sent`,
    problems,
  );
}

/** True when any unknown key could be one the template knows (then fetching it may clear the doubt). */
export async function hasUnknownKeys(fields: Fields): Promise<boolean> {
  const { unknownFieldProblems } = await import('../../api/card-rules.js');
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

/**
 * Values of a `{"fields": ...}` document that the flags did not set, checked with the flag's own parser
 * (commands/flags.ts), so --data gets the same rule and the same words.
 */
export function docString(
  doc: Record<string, unknown>,
  key: string,
  parseFlag?: (v: string) => string,
): string | undefined {
  const v = own(doc, key);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new UsageError(`--data: "${key}" must be a string`);
  if (!parseFlag) return v;
  try {
    return parseFlag(v);
  } catch (e) {
    if (e instanceof InvalidArgumentError) throw new UsageError(`--data: ${key} ${e.message}`);
    throw e;
  }
}

/** Top-level keys of a `{"fields": ...}` document other than `allowed` (the API would drop them silently). */
export function checkDocKeys(doc: Record<string, unknown>, allowed: string[], flags: Allowing): void {
  if (flags.allowUnknownFields) return;
  const unknown = Object.keys(doc).filter((k) => !allowed.includes(k));
  if (!unknown.length) return;
  const lines = unknown.map((k) => {
    const near = closest(k, [...allowed, 'fields']);
    return `unknown key "${k}" in --data${near ? ` (did you mean ${near}?)` : ''}; a card document takes fields, ${allowed.join(', ')}`;
  });
  throw new UsageError(lines[0], lines.slice(1));
}

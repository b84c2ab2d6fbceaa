// One way to check a flag: a pure rule (value → problem text, or undefined) turned into a commander
// argParser by flagParser(). commander then refuses the value with exit 2 before any action runs:
// `error: option '--name <name>' argument '' is invalid. the name must not be empty (1 to 200 characters).`
// The API's limits are rules in api/rules.ts; the number rules below are the CLI's own.
import { InvalidArgumentError } from 'commander';
import {
  NAME_MAX,
  SHORT_CODE_MAX,
  idempotencyKeyProblem,
  nameProblem,
  searchProblem,
  shortCodeProblem,
  urlProblem,
} from '../api/rules.js';
import { UsageError } from '../errors.js';

/** A check of one value: the problem as text, or undefined when the value is fine. */
export type Rule = (value: string) => string | undefined;
/** Words a rule's problem for the user (e.g. names the value or adds the allowed range). */
export type Describe = (problem: string, value: string) => string;

/** A commander argParser that keeps the value when `rule` has no problem with it. */
export function flagParser(rule: Rule, describe: Describe = (problem) => problem): (value: string) => string {
  return (value) => {
    const problem = rule(value);
    if (problem !== undefined) throw new InvalidArgumentError(`${describe(problem, value)}.`);
    return value;
  };
}

/** A commander argParser for a number: the rule checks the text, the value is Number(text). */
export function numberParser(rule: Rule): (value: string) => number {
  const check = flagParser(rule);
  return (value) => Number(check(value));
}

export function wholeNumberProblem(min: number, max: number): Rule {
  return (value) => {
    if (!/^-?\d+$/.test(value.trim())) return `expected a whole number from ${min} to ${max}`;
    const n = Number(value);
    return n < min || n > max ? `must be from ${min} to ${max}` : undefined;
  };
}

export function positiveNumberProblem(value: string): string | undefined {
  const n = Number(value);
  return !value.trim() || !Number.isFinite(n) || n <= 0 ? 'expected a number greater than 0' : undefined;
}

/** A number > 0 and at most `max`. */
export function positiveAtMostProblem(max: number): Rule {
  return (value) => positiveNumberProblem(value) ?? (Number(value) > max ? `must be at most ${max}` : undefined);
}

/** Any number within [min, max] (fractions too). */
export function numberInProblem(min: number, max: number): Rule {
  return (value) => {
    const n = Number(value);
    return !value.trim() || !(n >= min && n <= max) ? `expected a number from ${min} to ${max}` : undefined;
  };
}

/** An integer within [min, max]. */
export const intIn = (min: number, max: number) => numberParser(wholeNumberProblem(min, max));
/** A number > 0 (seconds, rates). */
export const positiveNumber = numberParser(positiveNumberProblem);
/** A number > 0 and at most `max` (a timer cannot wait past 2^31 ms: 24.8 days). */
export const positiveAtMost = (max: number) => numberParser(positiveAtMostProblem(max));
/** A number within [min, max], e.g. a fraction from 0 to 1. */
export const numberIn = (min: number, max: number) => numberParser(numberInProblem(min, max));

/** The API's limits as argParsers (api/rules.ts), worded as users see them. */
export const parseName = flagParser(nameProblem, (problem) => `the name ${problem} (1 to ${NAME_MAX} characters)`);
export const parseShortCode = flagParser(
  shortCodeProblem,
  (problem, value) =>
    `"${value}" ${problem} (letters, digits and hyphens, up to ${SHORT_CODE_MAX}, not a reserved word)`,
);
export const parseUrl = flagParser(
  urlProblem,
  (problem, value) => `"${value}" ${problem}, e.g. https://example.com/menu`,
);
export const parseSearch = flagParser((value) => searchProblem(value));
/**
 * commander words a refusal with the value as typed; a key with a newline or other invisible character
 * is named as JSON instead (a UsageError, exit 2), so the error stays one line.
 */
export function parseIdempotencyKey(value: string): string {
  const problem = idempotencyKeyProblem(value);
  if (problem === undefined) return value;
  if (/^[\x20-\x7e]*$/.test(value)) throw new InvalidArgumentError(`${problem}.`);
  const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  throw new UsageError(`--idempotency-key ${shown} ${problem}; nothing was sent`);
}

// A command's arguments and flags as data: each one a zod/mini schema of the value `run` receives
// (so the input's type is derived, never written) beside what commander needs to read it from argv.
// Only the definition's module loads this file; the parser works from the build-time manifest
// (commands/manifest.ts), so start-up never compiles a schema.
import * as z from 'zod/mini';
import type { CompletionHint } from '../../help/annotations.js';

/** What commander needs to read one flag (and what help and completion show of it). */
export interface OptionSpec {
  /** As commander reads it: "--name <name>", "-o, --output <format>", "--no-verify-links". */
  flags: string;
  help: string;
  required?: boolean;
  choices?: readonly string[];
  /** Each use adds a value to a list. */
  repeatable?: boolean;
  env?: string;
  /** Given when the flag is absent, and shown in help. */
  default?: string | boolean;
  hint?: CompletionHint;
  /** The help of its "--no-" twin, which gives it false ("--ca-file <pem>" and "--no-ca-file"). */
  negate?: string;
}

/** One positional argument: "<id>", "[file]", "<id...>". */
export interface ArgumentSpec {
  name: string;
  help: string;
  hint?: CompletionHint;
  choices?: readonly string[];
}

export interface Field<T, K extends 'option' | 'argument'> {
  readonly kind: K;
  readonly spec: K extends 'option' ? OptionSpec : ArgumentSpec;
  /** What the text from argv becomes; a refusal throws commander's InvalidArgumentError (or a CliError). */
  readonly schema: z.ZodMiniType<T>;
}

export type OptionField<T = unknown> = Field<T, 'option'>;
export type ArgumentField<T = unknown> = Field<T, 'argument'>;

type Parse<T> = (text: string) => T;

const text = <T>(parse: Parse<T>) =>
  z.pipe(
    z.string(),
    z.transform((v: string) => parse(v)),
  );

/** A flag that takes one value: the text, or what `parse` makes of it (undefined when absent). */
export function value<T = string>(
  flags: string,
  help: string,
  parse?: Parse<T>,
  more: Omit<OptionSpec, 'flags' | 'help' | 'required'> = {},
): OptionField<NoInfer<T> | undefined> {
  return { kind: 'option', spec: { flags, help, ...more }, schema: z.optional(text(parse ?? ((v) => v as T))) };
}

/** A flag that must be given. */
export function required<T = string>(
  flags: string,
  help: string,
  parse?: Parse<T>,
  more: Omit<OptionSpec, 'flags' | 'help' | 'required'> = {},
): OptionField<NoInfer<T>> {
  return { kind: 'option', spec: { flags, help, required: true, ...more }, schema: text(parse ?? ((v) => v as T)) };
}

/** A flag whose value is one of `choices` (commander refuses others while parsing). */
export function choice<const C extends readonly string[]>(
  flags: string,
  help: string,
  choices: C,
  more: Omit<OptionSpec, 'flags' | 'help' | 'choices'> = {},
): OptionField<NoInfer<C[number] | undefined>> {
  return { kind: 'option', spec: { flags, help, choices, ...more }, schema: z.optional(z.enum(choices)) };
}

/** A flag that takes one value, with a "--no-" twin that sets it to false (and help of its own). */
export function valueOrOff<T = string>(
  flags: string,
  help: string,
  negate: string,
  parse?: Parse<T>,
  more: Omit<OptionSpec, 'flags' | 'help' | 'required' | 'negate'> = {},
): OptionField<NoInfer<T> | false | undefined> {
  return {
    kind: 'option',
    spec: { flags, help, negate, ...more },
    schema: z.optional(z.union([z.literal(false), text(parse ?? ((v) => v as T))])),
  };
}

/** A switch: true when given ("--no-x": false when given, true otherwise). */
export function flag(
  flags: string,
  help: string,
  more: Pick<OptionSpec, 'env'> = {},
): OptionField<NoInfer<boolean | undefined>> {
  return { kind: 'option', spec: { flags, help, ...more }, schema: z.optional(z.boolean()) };
}

/** A flag given any number of times; every value parsed (an empty list when absent). */
export function repeatable<T = string>(
  flags: string,
  help: string,
  parse?: Parse<T>,
  more: Omit<OptionSpec, 'flags' | 'help' | 'repeatable'> = {},
): OptionField<NoInfer<T>[]> {
  return {
    kind: 'option',
    spec: { flags, help, repeatable: true, ...more },
    schema: z.pipe(z.optional(z.array(z.string())), each(parse)),
  };
}

/** Parses each of a list's texts; a refusal names the text it refused (the runner quotes it). */
function each<T>(parse: Parse<T> | undefined) {
  return z.transform((values: string[] | undefined) =>
    (values ?? []).map((v) => {
      try {
        return parse ? parse(v) : (v as T);
      } catch (err) {
        if (err && typeof err === 'object') Object.assign(err, { refused: v });
        throw err;
      }
    }),
  );
}

/** A required positional argument ("<id>"). */
export function argument<T = string>(
  name: string,
  help: string,
  parse?: Parse<T>,
  hint?: CompletionHint,
): ArgumentField<NoInfer<T>> {
  return { kind: 'argument', spec: { name, help, ...(hint && { hint }) }, schema: text(parse ?? ((v) => v as T)) };
}

/** A required positional argument whose value is one of `choices` (commander refuses others). */
export function choiceArgument<const C extends readonly string[]>(
  name: string,
  help: string,
  choices: C,
): ArgumentField<C[number]> {
  return { kind: 'argument', spec: { name, help, choices }, schema: z.enum(choices) };
}

/** An optional positional argument ("[file]"). */
export function optionalArgument<T = string>(
  name: string,
  help: string,
  parse?: Parse<T>,
  hint?: CompletionHint,
): ArgumentField<NoInfer<T> | undefined> {
  return {
    kind: 'argument',
    spec: { name, help, ...(hint && { hint }) },
    schema: z.optional(text(parse ?? ((v) => v as T))),
  };
}

/** A list of positional arguments ("<id...>" at least one, "[id...]" any). */
export function variadic<T = string>(
  name: string,
  help: string,
  parse?: Parse<T>,
  hint?: CompletionHint,
): ArgumentField<NoInfer<T>[]> {
  return {
    kind: 'argument',
    spec: { name, help, ...(hint && { hint }) },
    schema: z.pipe(z.optional(z.array(z.string())), each(parse)),
  };
}

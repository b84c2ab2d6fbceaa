// Data the command tree carries beside what commander itself holds: example command lines per
// command, completion hints per option or argument (repeatable, what a value completes to), and the
// --fields catalogue of a command that prints a resource. Commands attach it where they are defined;
// the help text, the completion generators and the pre-action check of --fields (program.ts) read it
// back from here, never by parsing rendered help, comparing parser functions or switching on a
// command's name. Keyed by the commander objects, so it lives and dies with the tree.
import type { Argument, Command, Option } from 'commander';
import type { FieldsCatalogue, ZodLike } from '../output/field-names.js';

/** What a value completes to, when its placeholder or choices do not say it. */
export type ValueHint = 'profiles' | 'file' | 'dir' | 'any';

export interface CompletionHint {
  /** The flag may be given several times (each adds to a list). */
  repeatable?: boolean;
  value?: ValueHint;
}

const examples = new WeakMap<Command, string[]>();
const hints = new WeakMap<Option | Argument, CompletionHint>();
const catalogues = new WeakMap<Command, FieldsCatalogue>();

/** Adds example command lines (without "$ ") to a command's help. */
export function addExamples(cmd: Command, lines: string[]): Command {
  examples.set(cmd, [...(examples.get(cmd) ?? []), ...lines]);
  return cmd;
}

/** The example lines attached to a command, in order. */
export function examplesOf(cmd: Command): string[] {
  return examples.get(cmd) ?? [];
}

export function withHint<T extends Option | Argument>(target: T, hint: CompletionHint): T {
  hints.set(target, { ...hints.get(target), ...hint });
  return target;
}

export function hintOf(target: Option | Argument): CompletionHint {
  return hints.get(target) ?? {};
}

/**
 * Declares the object a command prints, whose shape gives the names --fields accepts (checked before
 * any request, output/field-names.ts). `schema` loads its zod schema from api/schemas/, called only when
 * --fields is given. A command without one accepts any name.
 */
export function withFields(
  cmd: Command,
  schema: () => Promise<ZodLike>,
  more: Omit<FieldsCatalogue, 'schema'> = {},
): Command {
  catalogues.set(cmd, { schema, ...more });
  return cmd;
}

/** The --fields catalogue a command declared, if any. */
export function fieldsOf(cmd: Command): FieldsCatalogue | undefined {
  return catalogues.get(cmd);
}

/** Example command lines shown in the command's help (data on the tree: help/annotations.ts). */
export function example(cmd: Command, ...lines: string[]): Command {
  return addExamples(cmd, lines);
}

// Data the command tree carries for help and completion, beside what commander itself holds:
// example command lines per command, and completion hints per option or argument (repeatable,
// what a value completes to). Commands attach it where they are defined; the help text and the
// completion generators read it back from here, never by parsing rendered help or comparing parser
// functions. Keyed by the commander objects, so it lives and dies with the tree.
import type { Argument, Command, Option } from 'commander';

/** What a value completes to, when its placeholder or choices do not say it. */
export type ValueHint = 'profiles' | 'file' | 'dir' | 'any';

export interface CompletionHint {
  /** The flag may be given several times (each adds to a list). */
  repeatable?: boolean;
  value?: ValueHint;
}

const examples = new WeakMap<Command, string[]>();
const hints = new WeakMap<Option | Argument, CompletionHint>();

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

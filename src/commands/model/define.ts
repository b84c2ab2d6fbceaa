// One verb as data (STYLE §2): its name, summary, arguments and flags (zod/mini schemas: the input's
// type is derived from them), examples, --fields catalogue, the view of its result, and run(ctx,
// input) → Result. The runner (model/run.ts) parses, calls run and prints; the build-time manifest
// (commands/manifest.ts, `npm run manifest`) holds everything the parser, help and completion need,
// so a run loads only the definition of the command it names.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { FieldsCatalogue, ZodLike } from '../../output/field-names.js';
import type { View } from '../../output/view.js';
import type { ArgumentField, OptionField } from './fields.js';
import type { Outcome, Result } from './result.js';

type ArgumentFields = Record<string, ArgumentField<any>>;
type OptionFields = Record<string, OptionField<any>>;
type ValueOf<F> = F extends { schema: { _zod: { output: infer T } } } ? T : never;

/** What run receives: every argument and flag under its name, parsed and typed. */
export type Input<A extends ArgumentFields, O extends OptionFields> = {
  [K in keyof A | keyof O]: K extends keyof A ? ValueOf<A[K]> : K extends keyof O ? ValueOf<O[K]> : never;
};

export const DEFINITION = Symbol.for('cardqr.command');

export interface CommandDefinition<A extends ArgumentFields = ArgumentFields, O extends OptionFields = OptionFields> {
  readonly [DEFINITION]: 'command';
  name: string;
  summary: string;
  aliases?: string[];
  hidden?: boolean;
  /** In the order they are typed. */
  args?: A;
  /** Keys are commander's names for the flags ("--short-code" → shortCode, "--no-x" → x). */
  flags?: O;
  examples?: string[];
  /** Help text after the flags (how it works, its exit statuses). */
  details?: string;
  /** Verbs of its own, for a verb that is also a noun (`print`, and `print audit`). */
  commands?: Array<CommandDefinition<any, any> | GroupDefinition>;
  /** The object it prints: the names --fields accepts (checked before any request). */
  fields?: Omit<FieldsCatalogue, 'schema'> & { schema: () => Promise<ZodLike> };
  /** Its result's view, loaded while run works (a request travels meanwhile). */
  view?: () => Promise<View>;
  /** It prints -o vcf too (vCards: leads list and get). */
  allowVcf?: boolean;
  /**
   * Checks across flags (one excludes another, one needs another), run with the input before anything
   * else: a UsageError (exit 2) here sends nothing and builds no context.
   */
  check?(input: Input<A, O>, env: Readonly<Record<string, string | undefined>>): void;
  run(ctx: Context, input: Input<A, O>, parsed: Parsed): Promise<Result | Outcome | void>;
}

/** What commander parsed, for the few commands about the command line itself. */
export interface Parsed {
  /** The verb's command: its root is the whole tree (completion and the man page walk it). */
  command: Command;
}

/** A noun: a group of verbs (and its own examples). */
export interface GroupDefinition {
  readonly [DEFINITION]: 'group';
  name: string;
  summary: string;
  aliases?: string[];
  hidden?: boolean;
  examples?: string[];
  commands: Array<CommandDefinition<any, any> | GroupDefinition>;
}

export type AnyCommand = CommandDefinition<any, any>;
export type Definition = AnyCommand | GroupDefinition;

type None = Record<never, never>;

export function defineCommand<A extends ArgumentFields = None, O extends OptionFields = None>(
  def: Omit<CommandDefinition<A, O>, typeof DEFINITION>,
): CommandDefinition<A, O> {
  return { ...def, [DEFINITION]: 'command' };
}

export function defineGroup(def: Omit<GroupDefinition, typeof DEFINITION>): GroupDefinition {
  return { ...def, [DEFINITION]: 'group' };
}

export function isDefinition(value: unknown): value is Definition {
  return typeof value === 'object' && value !== null && DEFINITION in value;
}

// Walks the commander tree into a plain description the shell generators share: commands,
// aliases, flags (global and local), value kinds (choices, profile names, files, directories)
// and positional arguments. Generators never look at commander objects themselves. What commander
// does not hold (a flag is repeatable, a value names a stored profile) comes from the hints the
// commands attach (help/annotations.ts); files and directories are read from the placeholder.
import { type Argument, type Command, Help, type Option } from 'commander';
import { type CompletionHint, hintOf } from '../help/annotations.js';

/** What a flag's value or a positional argument completes to. */
export type ValueSpec =
  | { kind: 'choices'; values: string[] }
  | { kind: 'profiles' } // names from `cardqr __complete profiles`
  | { kind: 'file' }
  | { kind: 'dir' }
  | { kind: 'any' }; // free text: nothing to offer

export interface FlagSpec {
  short?: string; // "-o"
  long?: string; // "--output"
  description: string;
  /** Undefined for a boolean flag. */
  value?: ValueSpec;
  placeholder?: string; // "format" from "<format>"
  repeatable: boolean;
}

export interface ArgSpec {
  name: string;
  description: string;
  required: boolean;
  variadic: boolean;
  value: ValueSpec;
}

export interface CommandSpec {
  name: string;
  aliases: string[];
  description: string;
  /** Names from the root, e.g. ["cards", "list"]; [] for the root. */
  path: string[];
  /** Local flags (for the root: the global ones). */
  flags: FlagSpec[];
  args: ArgSpec[];
  commands: CommandSpec[];
}

export interface CompletionTree {
  /** The program name, e.g. "cardqr". */
  bin: string;
  root: CommandSpec;
  /** Root flags accepted after any subcommand (commander parses them anywhere); no -h/-V. */
  globals: FlagSpec[];
}

/** Builds the completion tree from the root command. Hidden commands and options are left out. */
export function buildTree(program: Command): CompletionTree {
  const root = walk(program, []);
  const globals = root.flags.filter((f) => f.long !== '--help' && f.long !== '--version');
  return { bin: program.name(), root, globals };
}

function walk(cmd: Command, path: string[]): CommandSpec {
  const help = new Help();
  const subs = help.visibleCommands(cmd).filter((c) => cmd.commands.includes(c)); // not the implicit `help`
  return {
    name: cmd.name(),
    aliases: cmd.aliases(),
    description: firstLine(cmd.summary() || cmd.description()),
    path,
    flags: help.visibleOptions(cmd).map((o) => flagSpec(o)),
    args: cmd.registeredArguments.map((a) => argSpec(a)),
    commands: subs.map((c) => walk(c, [...path, c.name()])),
  };
}

function flagSpec(opt: Option): FlagSpec {
  const takesValue = opt.required || opt.optional;
  const placeholder = /[<[]([^>\]]+)[>\]]/.exec(opt.flags)?.[1];
  return {
    short: opt.short,
    long: opt.long,
    description: firstLine(opt.description),
    value: takesValue ? optionValue(opt, placeholder ?? '') : undefined,
    placeholder,
    repeatable: opt.variadic || Boolean(hintOf(opt).repeatable),
  };
}

function optionValue(opt: Option, placeholder: string): ValueSpec {
  if (opt.argChoices?.length) return { kind: 'choices', values: [...opt.argChoices] };
  const listed = choicesIn(opt.description);
  if (listed) return { kind: 'choices', values: listed };
  return fromHint(hintOf(opt)) ?? fromPlaceholder(placeholder);
}

function fromHint(hint: CompletionHint): ValueSpec | undefined {
  return hint.value ? { kind: hint.value } : undefined;
}

function argSpec(arg: Argument): ArgSpec {
  return {
    name: arg.name(),
    description: firstLine(arg.description ?? ''),
    required: arg.required,
    variadic: arg.variadic,
    value: argValue(arg),
  };
}

function argValue(arg: Argument): ValueSpec {
  if (arg.argChoices?.length) return { kind: 'choices', values: [...arg.argChoices] };
  const listed = choicesIn(arg.description ?? '');
  if (listed) return { kind: 'choices', values: listed };
  return fromHint(hintOf(arg)) ?? fromPlaceholder(arg.name());
}

/** Choices written in a description the way STYLE §8 spells them: `{GET | POST | PATCH}`. */
function choicesIn(description: string): string[] | undefined {
  const m = /\{([^{}|]+(?:\|[^{}|]+)+)\}/.exec(description);
  return m?.[1]
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
}

function fromPlaceholder(placeholder: string): ValueSpec {
  if (/\b(dir|directory|folder)\b/i.test(placeholder)) return { kind: 'dir' };
  if (/\bfile\b|\.(csv|json|ndjson|txt|png|svg|pdf|jpe?g|webp)\b/i.test(placeholder)) return { kind: 'file' };
  return { kind: 'any' };
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').trim();
}

/** Every command below the root, depth first, in registration order. */
export function allCommands(root: CommandSpec): CommandSpec[] {
  return root.commands.flatMap((c) => [c, ...allCommands(c)]);
}

/** The flags a word may be at this node: its own, then the globals it does not redefine. */
export function flagsAt(tree: CompletionTree, node: CommandSpec): FlagSpec[] {
  if (!node.path.length) return node.flags;
  return [...node.flags, ...globalsAt(tree, node)];
}

/** Global flags not shadowed by a local flag of the same name at this node. */
export function globalsAt(tree: CompletionTree, node: CommandSpec): FlagSpec[] {
  if (!node.path.length) return [];
  const local = new Set(node.flags.flatMap(names));
  return tree.globals.filter((g) => !names(g).some((n) => local.has(n)));
}

export function names(f: FlagSpec): string[] {
  return [f.short, f.long].filter((n): n is string => Boolean(n));
}

/** Nodes that redefine a global flag (completion must prefer their local meaning there). */
export function shadowingNodes(tree: CompletionTree, global: FlagSpec): CommandSpec[] {
  const mine = names(global);
  return allCommands(tree.root).filter((c) => c.flags.some((f) => names(f).some((n) => mine.includes(n))));
}

// The commander tree built from the manifest (commands/manifest.ts): every command, flag, argument,
// example and completion hint, with no definition loaded. A verb's action loads its definition
// (model/run.ts) only when it runs.
import { Argument, Command, Option } from 'commander';
import { addExamples, withFields, withHint } from '../../help/annotations.js';
import type { Loaders, ManifestNode } from './manifest-types.js';
import { setLoader } from './run.js';

/** A commander command for `node`; `action` is every verb's action (program.ts gives the runner). */
export function commandOf(node: ManifestNode, loaders: Loaders, action: (cmd: Command) => Promise<void>): Command {
  const cmd = new Command(node.name).description(node.summary);
  for (const alias of node.aliases ?? []) cmd.alias(alias);
  for (const a of node.args ?? []) {
    const arg = new Argument(a.name, a.help);
    if (a.choices) arg.choices(a.choices);
    cmd.addArgument(a.hint ? withHint(arg, a.hint) : arg);
  }
  for (const o of node.options ?? []) {
    cmd.addOption(optionOf(o));
    if (o.negate) cmd.addOption(new Option(`--no-${new Option(o.flags).name()}`, o.negate));
  }
  if (node.details) cmd.addHelpText('after', node.details);
  if (node.examples?.length) addExamples(cmd, node.examples);
  for (const child of node.commands ?? []) {
    cmd.addCommand(commandOf(child, loaders, action), child.hidden ? { hidden: true } : undefined);
  }
  if (node.runs) {
    const load = loaders[node.runs];
    if (!load) throw new Error(`the manifest names ${node.runs}, which has no loader (npm run manifest)`);
    setLoader(cmd, load);
    if (node.fields) withFields(cmd, async () => (await load()).fields!.schema(), node.fields);
    cmd.action(async (...args: unknown[]) => action(args[args.length - 1] as Command));
  }
  return cmd;
}

function optionOf(o: NonNullable<ManifestNode['options']>[number]): Option {
  const opt = new Option(o.flags, o.help);
  if (o.choices) opt.choices(o.choices);
  if (o.env) opt.env(o.env);
  if (o.default !== undefined) opt.default(o.default);
  if (o.required) opt.makeOptionMandatory();
  if (o.repeatable) opt.argParser((v: string, previous: unknown) => [...(Array.isArray(previous) ? previous : []), v]);
  if (o.repeatable || o.hint) withHint(opt, { ...o.hint, ...(o.repeatable && { repeatable: true }) });
  return opt;
}

/** A noun the run does not name: its name and summary only (the root's help, commander's dispatch). */
export function outline(node: Pick<ManifestNode, 'name' | 'summary' | 'aliases'>): Command {
  const cmd = new Command(node.name).description(node.summary);
  for (const alias of node.aliases ?? []) cmd.alias(alias);
  return cmd;
}

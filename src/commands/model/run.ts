// The one runner: reads a verb's input from what commander parsed (through the definition's
// schemas), calls its run, and prints the result through output/render. Commands never write stdout
// or look at -o themselves.
import { type Command, InvalidArgumentError } from 'commander';
import type { Context } from '../../context.js';
import { CliError } from '../../errors.js';
import type { AnyCommand } from './define.js';
import type { ArgumentField, OptionField } from './fields.js';
import type { Outcome } from './result.js';

/** A verb ready to run: its definition and its parsed input. */
export interface Prepared {
  def: AnyCommand;
  input: Record<string, unknown>;
  /** Names from the root ("qr create"). */
  path: string;
}

/** The test seam (gh's runF): given, it receives what would run instead of running it. */
export type RunF = (prepared: Prepared, ctx: Context) => Promise<void> | void;

const loaders = new WeakMap<Command, () => Promise<AnyCommand>>();
const prepared = new WeakMap<Command, Prepared>();

/** Marks `cmd` as a verb whose definition `load` brings. */
export function setLoader(cmd: Command, load: () => Promise<AnyCommand>): void {
  loaders.set(cmd, load);
}

/**
 * Before anything else of a run (program.ts's preAction): loads the verb's definition and parses its
 * input. A refused value is a usage error worded as commander words its own (exit 2, nothing sent).
 */
export async function prepare(
  cmd: Command,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Prepared | undefined> {
  const load = loaders.get(cmd);
  if (!load) return undefined;
  const def = await load();
  const input: Record<string, unknown> = {};
  const opts = cmd.opts();
  const argNames = Object.keys(def.args ?? {});
  argNames.forEach((key, i) => {
    const field: ArgumentField = def.args![key];
    input[key] = parseField(
      cmd,
      field.schema,
      cmd.processedArgs[i],
      (v) => `error: command-argument value '${v}' is invalid for argument '${bare(field.spec.name)}'.`,
    );
  });
  for (const [key, field] of Object.entries<OptionField>(def.flags ?? {})) {
    const fromDefault = cmd.getOptionValueSource(key) === 'default' && typeof opts[key] !== 'string';
    input[key] = fromDefault
      ? opts[key]
      : parseField(
          cmd,
          field.schema,
          opts[key],
          (v) => `error: option '${field.spec.flags}' argument '${v}' is invalid.`,
        );
  }
  def.check?.(input as never, env);
  const ready = { def, input, path: names(cmd).join(' ') };
  prepared.set(cmd, ready);
  return ready;
}

/** The action of every verb: run, then print what it returned. */
export async function runPrepared(cmd: Command, ctx: Context, runF?: RunF): Promise<void> {
  const ready = prepared.get(cmd) ?? (await prepare(cmd, ctx.env))!;
  if (runF) return void (await runF(ready, ctx));
  const { def, input } = ready;
  // What prints loads while run works (its request travels meanwhile); a refused -o fails first.
  const settings = def.view ? ctx.output({ allowVcf: def.allowVcf }) : undefined;
  const view = def.view?.();
  view?.catch(() => undefined);
  const outcome = ((await def.run(ctx, input as never, { command: cmd })) ?? { kind: 'none' }) as Outcome;
  const { printResult } = await import('./print.js');
  await printResult(ctx, outcome, { view, settings });
  if (outcome.then) throw outcome.then;
}

function parseField(
  cmd: Command,
  schema: { parse(v: unknown): unknown },
  raw: unknown,
  refusal: (value: string) => string,
): unknown {
  try {
    return schema.parse(raw);
  } catch (err) {
    // A parser's refusal (commander's InvalidArgumentError) or the schema's (a zod error: its issues);
    // a CliError says its own words, and anything else is a fault of ours, reported as one.
    const zod = Array.isArray((err as { issues?: unknown }).issues);
    if (err instanceof CliError || !(err instanceof InvalidArgumentError || zod)) throw err;
    const value = (err as { refused?: string }).refused ?? (Array.isArray(raw) ? raw.join(' ') : String(raw));
    const why = err instanceof InvalidArgumentError ? err.message : 'not a valid value.';
    cmd.error(`${refusal(value)} ${why}`, { exitCode: 2, code: 'commander.invalidArgument' });
  }
}

const bare = (name: string) => name.replace(/^[<[]|\.\.\.[\]>]$|[\]>]$/g, '');

function names(cmd: Command): string[] {
  const out: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) out.unshift(c.name());
  return out;
}

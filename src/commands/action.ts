// Every command's action runs through action(): it receives the Context that program.ts built for it
// from the parsed flags just before (one per action, never changed afterwards).
import type { Command } from 'commander';
import type { Context } from '../context.js';

const contexts = new WeakMap<Command, Context>();

/** Called by the root's preAction hook (program.ts) with the context of the command about to run. */
export function bindContext(cmd: Command, ctx: Context): void {
  contexts.set(cmd, ctx);
}

/** The context bound to `cmd` (a verb defined as data: its runner receives it). */
export function contextOf(cmd: Command): Context {
  const ctx = contexts.get(cmd);
  if (!ctx) throw new Error(`${cmd.name()}: no context was bound before its action ran`);
  return ctx;
}

/**
 * Wraps an action handler: `(ctx, ...what commander passes)`, i.e. the arguments, the flags and the
 * command itself.
 */
export function action<A extends unknown[]>(
  run: (ctx: Context, ...args: A) => Promise<void> | void,
): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const cmd = args[args.length - 1] as Command;
    const ctx = contexts.get(cmd);
    if (!ctx) throw new Error(`${cmd.name()}: no context was bound before its action ran`);
    await run(ctx, ...(args as A));
  };
}

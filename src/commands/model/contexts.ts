// The Context of each verb's run: built by the root's preAction hook (program.ts) from the parsed
// global flags just before the verb's action, one per action, never changed afterwards.
import type { Command } from 'commander';
import type { Context } from '../../context.js';

const contexts = new WeakMap<Command, Context>();

export function bindContext(cmd: Command, ctx: Context): void {
  contexts.set(cmd, ctx);
}

export function contextOf(cmd: Command): Context {
  const ctx = contexts.get(cmd);
  if (!ctx) throw new Error(`${cmd.name()}: no context was bound before its action ran`);
  return ctx;
}

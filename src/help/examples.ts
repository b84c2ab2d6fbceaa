// Every --help shows at least one real example. Verbs carry their own (`example()` in
// commands/shared.ts); a command group without one (`cardqr cards --help`) gets the first example
// of each of its subcommands, so the group's help shows what its verbs look like in use.
import type { EventEmitter } from 'node:events';
import type { Command } from 'commander';

type HelpListener = (context: { error: boolean; command: Command; write: (s: string) => void }) => void;

/** The text a command adds after its help (`addHelpText('after', ...)`), as it would print. */
export function afterHelpText(cmd: Command): string {
  let text = '';
  // commander's Command is an EventEmitter; addHelpText registers an 'afterHelp' listener.
  for (const listener of (cmd as unknown as EventEmitter).listeners('afterHelp') as HelpListener[]) {
    listener({ error: false, command: cmd, write: (s) => (text += s) });
  }
  return text;
}

/** The example command lines (without "$ ") in a command's after-help text. */
export function examplesOf(cmd: Command): string[] {
  const text = afterHelpText(cmd);
  const block = /(?:^|\n)Examples?:\n((?: {2}.*(?:\n|$))+)/.exec(text)?.[1] ?? '';
  return block
    .split('\n')
    .map((l) => /^ {2}\$ (.+)$/.exec(l)?.[1])
    .filter((l): l is string => Boolean(l));
}

/** Adds an Examples section to each command group whose help has none (depth first). */
export function addGroupExamples(cmd: Command, max = 6): void {
  for (const sub of cmd.commands) addGroupExamples(sub, max);
  if (!cmd.parent || !cmd.commands.length || examplesOf(cmd).length) return;
  const lines = cmd.commands.map((sub) => examplesOf(sub)[0]).filter((l): l is string => Boolean(l)).slice(0, max);
  if (!lines.length) return;
  cmd.addHelpText('after', `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

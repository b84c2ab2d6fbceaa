// Every --help shows at least one real example, rendered from the example lines attached to the
// command (help/annotations.ts). A command group without its own (`cardqr cards --help`) shows the
// first example of each of its subcommands, so its help shows what its verbs look like in use.
import type { Command } from 'commander';
import { examplesOf } from './annotations.js';

/** The EXAMPLES section of a help text. */
export function examplesText(lines: string[]): string {
  if (!lines.length) return '';
  return `\nEXAMPLES\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

/** The lines a command's help shows: its own, or for a group its verbs' first ones. */
export function shownExamples(cmd: Command, max = 6): string[] {
  const own = examplesOf(cmd);
  if (own.length || !cmd.commands.length) return own;
  return cmd.commands
    .map((sub) => shownExamples(sub, max)[0])
    .filter((l): l is string => Boolean(l))
    .slice(0, max);
}

// `cardqr completion <shell>` prints a completion script generated from the command tree; it
// never edits rc files. `cardqr __complete profiles` (hidden) is what those scripts call back for
// profile names: it reads the store file only (no conf, no network), so TAB stays instant.
import type { Command } from 'commander';
import { defineCommand } from '../model/define.js';
import { choiceArgument } from '../model/fields.js';
import { none, text } from '../model/result.js';

const SHELL_NAMES = ['bash', 'zsh', 'fish'] as const;
const CANDIDATES = ['profiles'] as const;

export const completion = defineCommand({
  name: 'completion',
  summary: 'Print the shell completion script for bash, zsh or fish (it never edits rc files)',
  args: { shell: choiceArgument('<shell>', 'shell to complete for', SHELL_NAMES) },
  details: `
Install (pick your shell):
  bash  cardqr completion bash > ~/.local/share/bash-completion/completions/cardqr
        (needs the bash-completion package; or add to ~/.bashrc: source <(cardqr completion bash))
  zsh   cardqr completion zsh > "\${fpath[1]}/_cardqr"
        (or add to ~/.zshrc after compinit: source <(cardqr completion zsh))
  fish  cardqr completion fish > ~/.config/fish/completions/cardqr.fish
Then open a new shell. The npm package also ships the scripts in its completions/ folder.`,
  examples: ['cardqr completion zsh > "${fpath[1]}/_cardqr"', 'source <(cardqr completion bash)'],
  async run(_ctx, { shell }, { command }) {
    const { completionScript } = await import('../../completion/index.js');
    return text(completionScript(rootOf(command), shell));
  },
});

export const complete = defineCommand({
  name: '__complete',
  hidden: true,
  summary: 'Print completion candidates, one per line (called by the completion scripts)',
  args: { kind: choiceArgument('<kind>', 'what to list', CANDIDATES) },
  examples: ['cardqr __complete profiles'],
  async run(ctx) {
    let names: string[] = [];
    try {
      names = ctx
        .profiles()
        .list()
        .map((p) => p.name)
        // One candidate per line: a name with a line break or control character cannot be one.
        // eslint-disable-next-line no-control-regex
        .filter((n) => !/[\u0000-\u001f\u007f]/.test(n));
    } catch {
      // An unreadable store completes to nothing; TAB must never print errors.
    }
    return names.length ? text(`${names.join('\n')}\n`) : none;
  },
});

/** `cardqr __man`: the man page cardqr(1) from the command tree (npm run build writes man/cardqr.1). */
export const man = defineCommand({
  name: '__man',
  hidden: true,
  summary: 'Print the man page cardqr(1), written from the command tree',
  examples: ['cardqr __man > cardqr.1 && man -l cardqr.1'],
  async run(ctx, _input, { command }) {
    const { manPage } = await import('../../help/man.js');
    return text(manPage(rootOf(command), ctx.version));
  },
});

/** The program: every noun, those built from the manifest and those still loaded as commands. */
function rootOf(cmd: Command): Command {
  let root = cmd;
  while (root.parent) root = root.parent;
  return root;
}

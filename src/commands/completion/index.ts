// `cardqr completion <shell>` prints a completion script generated from the command tree; it
// never edits rc files. `cardqr __complete profiles` (hidden) is what those scripts call back for
// profile names: it reads the store file only (no conf, no network), so TAB stays instant.
import { printLines, printText } from '../../output/stdout.js';
import { Argument, Command } from 'commander';
import { action } from '../action.js';
import { example } from '../../help/annotations.js';

const SHELL_NAMES = ['bash', 'zsh', 'fish'] as const;
const CANDIDATES = ['profiles'] as const;

export function completionCommand(): Command {
  const cmd = new Command('completion')
    .description('Print the shell completion script for bash, zsh or fish (it never edits rc files)')
    .addArgument(new Argument('<shell>', 'shell to complete for').choices(SHELL_NAMES))
    .addHelpText(
      'after',
      `
Install (pick your shell):
  bash  cardqr completion bash > ~/.local/share/bash-completion/completions/cardqr
        (needs the bash-completion package; or add to ~/.bashrc: source <(cardqr completion bash))
  zsh   cardqr completion zsh > "\${fpath[1]}/_cardqr"
        (or add to ~/.zshrc after compinit: source <(cardqr completion zsh))
  fish  cardqr completion fish > ~/.config/fish/completions/cardqr.fish
Then open a new shell. The npm package also ships the scripts in its completions/ folder.`,
    )
    .action(
      action(async (ctx, shell: (typeof SHELL_NAMES)[number], _flags: unknown, self: Command) => {
        const { completionScript } = await import('../../completion/index.js');
        let root = self;
        while (root.parent) root = root.parent;
        await printText(ctx.io, completionScript(root, shell));
      }),
    );
  return example(cmd, 'cardqr completion zsh > "${fpath[1]}/_cardqr"', 'source <(cardqr completion bash)');
}

export function completeCommand(): Command {
  const cmd = new Command('__complete')
    .description('Print completion candidates, one per line (called by the completion scripts)')
    .addArgument(new Argument('<kind>', 'what to list').choices(CANDIDATES))
    .action(
      action((ctx) => {
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
        return printLines(ctx.io, names);
      }),
    );
  return example(cmd, 'cardqr __complete profiles');
}

/** `cardqr __man`: the man page cardqr(1) from the command tree (npm run build writes man/cardqr.1). */
export function manCommand(): Command {
  const cmd = new Command('__man').description('Print the man page cardqr(1), written from the command tree').action(
    action(async (ctx, _flags: unknown, self: Command) => {
      let root = self;
      while (root.parent) root = root.parent;
      const { manPage } = await import('../../help/man.js');
      await printText(ctx.io, manPage(root, ctx.version));
    }),
  );
  return example(cmd, 'cardqr __man > cardqr.1 && man -l cardqr.1');
}

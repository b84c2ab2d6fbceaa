// `cardqr completion <shell>`: one generator per shell over the shared command tree.
import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { buildTree } from './tree.js';
import { zshScript } from './zsh.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** Where `npm run build` writes each script (committed, shipped in the package). */
export const COMPLETION_FILES: Record<Shell, string> = {
  bash: 'completions/cardqr.bash',
  zsh: 'completions/_cardqr',
  fish: 'completions/cardqr.fish',
};

export function completionScript(program: Command, shell: Shell): string {
  const tree = buildTree(program);
  switch (shell) {
    case 'bash':
      return bashScript(tree);
    case 'zsh':
      return zshScript(tree);
    case 'fish':
      return fishScript(tree);
  }
}

// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'completion',
  summary: 'Print the shell completion script for bash, zsh or fish (it never edits rc files)',
  examples: ['cardqr completion zsh > "${fpath[1]}/_cardqr"', 'source <(cardqr completion bash)'],
  details:
    '\nInstall (pick your shell):\n  bash  cardqr completion bash > ~/.local/share/bash-completion/completions/cardqr\n        (needs the bash-completion package; or add to ~/.bashrc: source <(cardqr completion bash))\n  zsh   cardqr completion zsh > "${fpath[1]}/_cardqr"\n        (or add to ~/.zshrc after compinit: source <(cardqr completion zsh))\n  fish  cardqr completion fish > ~/.config/fish/completions/cardqr.fish\nThen open a new shell. The npm package also ships the scripts in its completions/ folder.',
  args: [
    {
      key: 'shell',
      name: '<shell>',
      help: 'shell to complete for',
      choices: ['bash', 'zsh', 'fish'],
    },
  ],
  runs: 'completion',
};

export const loaders: Loaders = {
  completion: () => import('../completion/index.js').then((m) => m.completion),
};

import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example } from '../shared.js';
import { profilesAddCommand } from './add.js';
import { profilesManageCommands } from './manage.js';

export function profilesCommand(deps: Deps): Command {
  const cmd = new Command('profiles').description('Store, list and switch API keys and base URLs');
  cmd.addCommand(profilesAddCommand(deps));
  for (const c of profilesManageCommands(deps)) cmd.addCommand(c);
  return example(cmd, 'cardqr profiles add prod --base-url https://api.example.com/v1 --default', 'cardqr profiles list');
}

import { Command } from 'commander';
import { example } from '../../help/annotations.js';
import { profilesAddCommand } from './add.js';
import { profilesManageCommands } from './manage.js';
import { profilesSetCommand } from './set.js';

export function profilesCommand(): Command {
  const cmd = new Command('profiles').description('Store, list and switch API keys and base URLs');
  cmd.addCommand(profilesAddCommand());
  for (const c of profilesManageCommands()) cmd.addCommand(c);
  cmd.addCommand(profilesSetCommand());
  return example(
    cmd,
    'cardqr profiles add prod --base-url https://api.example.com/v1 --default',
    'cardqr profiles list',
  );
}

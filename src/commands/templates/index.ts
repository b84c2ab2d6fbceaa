import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { templatesGetCommand } from './get.js';
import { templatesListCommand } from './list.js';

export function templatesCommand(deps: Deps): Command {
  return new Command('templates')
    .description('Card templates and the field rules each imposes')
    .addCommand(templatesListCommand(deps))
    .addCommand(templatesGetCommand(deps));
}

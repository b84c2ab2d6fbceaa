import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example } from '../shared.js';
import { templatesGetCommand } from './get.js';
import { templatesListCommand } from './list.js';

export function templatesCommand(deps: Deps): Command {
  const cmd = new Command('templates')
    .description('Card templates and the field rules each imposes')
    .addCommand(templatesListCommand(deps))
    .addCommand(templatesGetCommand(deps));
  return example(cmd, 'cardqr templates list', 'cardqr templates get tpl_123');
}

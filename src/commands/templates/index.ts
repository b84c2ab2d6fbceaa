import { Command } from 'commander';
import { example } from '../../help/annotations.js';
import { templatesGetCommand } from './get.js';
import { templatesListCommand } from './list.js';

export function templatesCommand(): Command {
  const cmd = new Command('templates')
    .description('Card templates and the field rules each imposes')
    .addCommand(templatesListCommand())
    .addCommand(templatesGetCommand());
  return example(cmd, 'cardqr templates list', 'cardqr templates get tpl_123');
}

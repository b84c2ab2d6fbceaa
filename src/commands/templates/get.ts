import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { write } from '../../io.js';
import { example, outputSettings } from '../shared.js';

export function templatesGetCommand(deps: Deps): Command {
  const cmd = new Command('get')
    .description('Show a card template and its field rules (locked, prefilled, required, optional, hidden)')
    .argument('<template-id>', 'template id, e.g. tpl_123')
    .action(async (id: string) => {
      const [{ getTemplate }, { renderRecord, table }, { fieldRuleColumns, fieldRuleRows, templateView }] = await Promise.all([
        import('../../api/templates.js'),
        import('../../output/render.js'),
        import('../../output/views/templates.js'),
      ]);
      const template = await getTemplate(await deps.api(), id);
      const s = outputSettings(deps);
      await renderRecord(template, templateView, s, deps.io);
      if (s.format === 'table' && !s.quiet && !s.fields) {
        await write(deps.io.stdout, `\nField rules\n${await table(fieldRuleColumns, fieldRuleRows(template), s)}`);
      }
    });
  return example(cmd, 'cardqr templates get tpl_123', 'cardqr templates get tpl_123 -o json | jq .policy.fields');
}

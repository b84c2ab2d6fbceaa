import { Command } from 'commander';
import { action } from '../action.js';
import { example } from '../../help/annotations.js';
import { withFields } from '../../help/annotations.js';

export function templatesGetCommand(): Command {
  const cmd = new Command('get')
    .description('Show a card template and its field rules (locked, prefilled, required, optional, hidden)')
    .argument('<template-id>', 'template id, e.g. tpl_123')
    .action(
      action(async (ctx, id: string) => {
        const [{ getTemplate }, { renderRecord }, { templateView }] = await Promise.all([
          import('../../api/templates.js'),
          import('../../output/render.js'),
          import('../../output/views/templates.js'),
        ]);
        const template = await getTemplate(await ctx.api(), id);
        // A table is followed by the field rules (templateView's sections).
        await renderRecord(template, templateView, ctx.output(), ctx.io);
      }),
    );
  withFields(cmd, () => import('../../api/schemas/templates.js').then((m) => m.CardTemplate));
  return example(cmd, 'cardqr templates get tpl_123', 'cardqr templates get tpl_123 -o json | jq .policy.fields');
}

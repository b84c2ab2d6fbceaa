import { Command } from 'commander';
import { action } from '../action.js';
import { example, withFields } from '../../help/annotations.js';
import { type ListFlags, withListOptions } from '../flags.js';

export function templatesListCommand(): Command {
  const cmd = withListOptions(
    new Command('list').alias('ls').description('List card templates with a count of their field rules'),
  ).action(
    action(async (ctx, flags: ListFlags) => {
      const [{ listTemplates }, { renderList }, { templateView }] = await Promise.all([
        import('../../api/templates.js'),
        import('../../output/render.js'),
        import('../../output/views/templates.js'),
      ]);
      const list = listTemplates(await ctx.api(), { limit: flags.limit ?? 25, offset: flags.offset, all: flags.all });
      await renderList(list, templateView, ctx.output(), ctx.io, () => list.hint());
    }),
  );
  withFields(cmd, () => import('../../api/schemas/templates.js').then((m) => m.CardTemplate));
  return example(cmd, 'cardqr templates list', 'cardqr templates list --all -o csv > templates.csv');
}

import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example, type ListFlags, outputSettings, withListOptions } from '../shared.js';

export function templatesListCommand(deps: Deps): Command {
  const cmd = withListOptions(
    new Command('list').alias('ls').description('List card templates with a count of their field rules'),
  ).action(async (flags: ListFlags) => {
    const [{ listTemplates }, { renderList }, { templateView }] = await Promise.all([
      import('../../api/templates.js'),
      import('../../output/render.js'),
      import('../../output/views/templates.js'),
    ]);
    const list = listTemplates(await deps.api(), { limit: flags.limit ?? 25, offset: flags.offset, all: flags.all });
    await renderList(list, templateView, outputSettings(deps), deps.io, () => list.hint());
  });
  return example(cmd, 'cardqr templates list', 'cardqr templates list --all -o csv > templates.csv');
}

import { Command, Option } from 'commander';
import { action } from '../action.js';
import { SEARCH_MAX, STATUSES } from '../../api/rules.js';
import { parseSearch, type ListFlags, withListOptions } from '../flags.js';
import { example } from '../../help/annotations.js';
import { withCardFields } from './card-output.js';
import { printList } from '../records.js';

export interface CardsListFlags extends ListFlags {
  search?: string;
  template?: string;
  status?: string;
}

export function cardsListCommand(): Command {
  const cmd = withListOptions(
    new Command('list')
      .alias('ls')
      .description('List business cards, newest first (archived cards only with --status archived)')
      .option(
        '--search <text>',
        `case-insensitive partial match on the name, up to ${SEARCH_MAX} characters`,
        parseSearch,
      )
      .option('--template <template-id>', 'only cards built from this template')
      .addOption(new Option('--status <status>', 'only cards with this status').choices(STATUSES)),
  ).action(
    action(async (ctx, flags: CardsListFlags) => {
      const { listCards } = await import('../../api/cards.js');
      const query = { search: flags.search, templateId: flags.template, status: flags.status };
      const list = listCards(await ctx.api(), query, {
        limit: flags.limit ?? 25,
        offset: flags.offset,
        all: flags.all,
      });
      await printList(ctx, list, async () => (await import('../../output/views/cards.js')).cardView);
    }),
  );
  withCardFields(cmd);
  return example(
    cmd,
    'cardqr cards list --search laurent',
    'cardqr cards list --template tpl_corporate --all -o csv > cards.csv',
    'cardqr cards list --status draft -q',
  );
}

import { SEARCH_MAX, STATUSES } from '../../api/rules.js';
import { listFlags } from '../common-flags.js';
import { parseSearch } from '../flags.js';
import { defineCommand } from '../model/define.js';
import { choice, value } from '../model/fields.js';
import { list } from '../model/result.js';
import { cardFields, cardView } from './card-output.js';

export const cardsList = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: 'List business cards, newest first (archived cards only with --status archived)',
  flags: {
    search: value(
      '--search <text>',
      `case-insensitive partial match on the name, up to ${SEARCH_MAX} characters`,
      parseSearch,
    ),
    template: value('--template <template-id>', 'only cards built from this template'),
    status: choice('--status <status>', 'only cards with this status', STATUSES),
    ...listFlags(),
  },
  examples: [
    'cardqr cards list --search laurent',
    'cardqr cards list --template tpl_corporate --all -o csv > cards.csv',
    'cardqr cards list --status draft -q',
  ],
  fields: cardFields,
  view: cardView,
  async run(ctx, flags) {
    const { listCards } = await import('../../api/cards.js');
    const query = { search: flags.search, templateId: flags.template, status: flags.status };
    return list(listCards(await ctx.api(), query, { limit: flags.limit ?? 25, offset: flags.offset, all: flags.all }));
  },
});

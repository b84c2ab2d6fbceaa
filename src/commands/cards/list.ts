import { Command, InvalidArgumentError, Option } from 'commander';
import { SEARCH_MAX, STATUSES } from '../../api/rules.js';
import type { Deps } from '../../deps.js';
import { example, type ListFlags, outputSettings, withListOptions } from '../shared.js';

export interface CardsListFlags extends ListFlags {
  search?: string;
  template?: string;
  status?: string;
}

export function parseSearch(v: string): string {
  if (v.length > SEARCH_MAX) throw new InvalidArgumentError(`at most ${SEARCH_MAX} characters (got ${v.length}).`);
  return v;
}

export function cardsListCommand(deps: Deps): Command {
  const cmd = withListOptions(
    new Command('list')
      .alias('ls')
      .description('List business cards, newest first (archived cards only with --status archived)')
      .option('--search <text>', `case-insensitive partial match on the name, up to ${SEARCH_MAX} characters`, parseSearch)
      .option('--template <template-id>', 'only cards built from this template')
      .addOption(new Option('--status <status>', 'only cards with this status').choices(STATUSES)),
  ).action(async (flags: CardsListFlags) => {
    const [{ listCards }, { renderList }, { cardView }] = await Promise.all([
      import('../../api/cards.js'),
      import('../../output/render.js'),
      import('../../output/views/cards.js'),
    ]);
    const query = { search: flags.search, templateId: flags.template, status: flags.status };
    const list = listCards(await deps.api(), query, { limit: flags.limit ?? 25, offset: flags.offset, all: flags.all });
    await renderList(list, cardView, outputSettings(deps), deps.io, () => list.hint());
  });
  return example(
    cmd,
    'cardqr cards list --search laurent',
    'cardqr cards list --template tpl_corporate --all -o csv > cards.csv',
    'cardqr cards list --status draft -q',
  );
}

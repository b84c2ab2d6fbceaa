// What the card commands print: a card written (its id alone with -q), and the --fields catalogue of
// a card (template fields below `fields.`). Light on purpose: `cards list` loads it at start-up.
import type { Command } from 'commander';
import type { Card } from '../../api/schemas/cards.js';
import type { Context } from '../../context.js';
import { withFields } from '../../help/annotations.js';
import { printWritten } from '../written.js';

/** A card that was created or changed, printed (its id alone with -q). */
export async function printCard(ctx: Context, card: Card): Promise<void> {
  const { cardView } = await import('../../output/views/cards.js');
  await printWritten(ctx, card, cardView, card.id);
}

/** The --fields catalogue of a command that prints cards. */
export function withCardFields(cmd: Command): Command {
  return withFields(cmd, () => import('../../api/schemas/cards.js').then((m) => m.Card), { open: ['fields'] });
}

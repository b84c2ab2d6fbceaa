// What the card commands print: a card (its view), and the --fields catalogue of a card (template
// fields below `fields.`).

/** The --fields catalogue of a command that prints cards. */
export const cardFields = {
  schema: () => import('../../api/schemas/cards.js').then((m) => m.Card),
  open: ['fields'],
};

export const cardView = async () => (await import('../../output/views/cards.js')).cardView;

import { defineGroup } from '../model/define.js';
import { cardsCreate } from './create.js';
import { cardsDelete } from './delete.js';
import { cardsGet } from './get.js';
import { cardsList } from './list.js';
import { cardsUpdate } from './update.js';
import { cardsWallet } from './wallet.js';

export const cards = defineGroup({
  name: 'cards',
  summary: 'Digital business cards: list, show, create, update, delete, wallet links',
  examples: [
    'cardqr cards list --search laurent',
    'cardqr cards create --field firstName=Ada --field lastName=Lovelace',
    'cardqr cards update crd_123 --field title=CTO',
  ],
  commands: [cardsList, cardsGet, cardsCreate, cardsUpdate, cardsDelete, cardsWallet],
});

import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example } from '../shared.js';
import { cardsCreateCommand } from './create.js';
import { cardsDeleteCommand } from './delete.js';
import { cardsGetCommand } from './get.js';
import { cardsListCommand } from './list.js';
import { cardsUpdateCommand } from './update.js';
import { cardsWalletCommand } from './wallet.js';

export function cardsCommand(deps: Deps): Command {
  const cmd = new Command('cards')
    .description('Digital business cards: list, show, create, update, delete, wallet links')
    .addCommand(cardsListCommand(deps))
    .addCommand(cardsGetCommand(deps))
    .addCommand(cardsCreateCommand(deps))
    .addCommand(cardsUpdateCommand(deps))
    .addCommand(cardsDeleteCommand(deps))
    .addCommand(cardsWalletCommand(deps));
  return example(cmd, 'cardqr cards list --search laurent', 'cardqr cards create --field firstName=Ada --field lastName=Lovelace', 'cardqr cards update crd_123 --field title=CTO');
}

import { Command } from 'commander';
import { example } from '../../help/annotations.js';
import { cardsCreateCommand } from './create.js';
import { cardsDeleteCommand } from './delete.js';
import { cardsGetCommand } from './get.js';
import { cardsListCommand } from './list.js';
import { cardsUpdateCommand } from './update.js';
import { cardsWalletCommand } from './wallet.js';

export function cardsCommand(): Command {
  const cmd = new Command('cards')
    .description('Digital business cards: list, show, create, update, delete, wallet links')
    .addCommand(cardsListCommand())
    .addCommand(cardsGetCommand())
    .addCommand(cardsCreateCommand())
    .addCommand(cardsUpdateCommand())
    .addCommand(cardsDeleteCommand())
    .addCommand(cardsWalletCommand());
  return example(
    cmd,
    'cardqr cards list --search laurent',
    'cardqr cards create --field firstName=Ada --field lastName=Lovelace',
    'cardqr cards update crd_123 --field title=CTO',
  );
}

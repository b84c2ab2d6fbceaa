import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { cardsCreateCommand } from './create.js';
import { cardsDeleteCommand } from './delete.js';
import { cardsGetCommand } from './get.js';
import { cardsListCommand } from './list.js';
import { cardsUpdateCommand } from './update.js';
import { cardsWalletCommand } from './wallet.js';

export function cardsCommand(deps: Deps): Command {
  return new Command('cards')
    .description('Digital business cards: list, show, create, update, delete, wallet links')
    .addCommand(cardsListCommand(deps))
    .addCommand(cardsGetCommand(deps))
    .addCommand(cardsCreateCommand(deps))
    .addCommand(cardsUpdateCommand(deps))
    .addCommand(cardsDeleteCommand(deps))
    .addCommand(cardsWalletCommand(deps));
}

import { Command } from 'commander';
import { campaignsCreateCardCommand } from './create-card.js';
import { campaignsGetCommand } from './get.js';
import { campaignsImportCommand } from './import.js';
import { campaignsListCommand } from './list.js';
import { campaignsSchemaCommand } from './schema.js';
import { campaignsTestCommand } from './test.js';

export function campaignsCommand(): Command {
  return new Command('campaigns')
    .description('Campaign ingestion: read campaigns and schemas, dry-run a record, create cards, import a CSV')
    .addCommand(campaignsListCommand())
    .addCommand(campaignsGetCommand())
    .addCommand(campaignsSchemaCommand())
    .addCommand(campaignsTestCommand())
    .addCommand(campaignsCreateCardCommand())
    .addCommand(campaignsImportCommand());
}

import { defineGroup } from '../model/define.js';
import { campaignsCreateCard } from './create-card.js';
import { campaignsGet } from './get.js';
import { campaignsImport } from './import.js';
import { campaignsList } from './list.js';
import { campaignsSchema } from './schema.js';
import { campaignsTest } from './test.js';

export const campaigns = defineGroup({
  name: 'campaigns',
  summary: 'Campaign ingestion: read campaigns and schemas, dry-run a record, create cards, import a CSV',
  commands: [campaignsList, campaignsGet, campaignsSchema, campaignsTest, campaignsCreateCard, campaignsImport],
});

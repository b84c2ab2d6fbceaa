import { listRecords } from '../model/records.js';

export const templatesList = listRecords({
  summary: 'List card templates with a count of their field rules',
  defaultLimit: 25,
  list: async (client, page) => (await import('../../api/templates.js')).listTemplates(client, page),
  view: async () => (await import('../../output/views/templates.js')).templateView,
  fields: async () => (await import('../../api/schemas/templates.js')).CardTemplate,
  examples: ['cardqr templates list', 'cardqr templates list --all -o csv > templates.csv'],
});

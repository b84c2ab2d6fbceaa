// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'templates',
  summary: 'Card templates and the field rules each imposes',
  examples: ['cardqr templates list', 'cardqr templates get tpl_123'],
  commands: [
    {
      name: 'list',
      summary: 'List card templates with a count of their field rules',
      aliases: ['ls'],
      examples: ['cardqr templates list', 'cardqr templates list --all -o csv > templates.csv'],
      options: [
        {
          key: 'limit',
          flags: '--limit <n>',
          help: 'items per page, 1-100 (default: 25)',
        },
        {
          key: 'offset',
          flags: '--offset <n>',
          help: 'items to skip (default: 0)',
        },
        {
          key: 'all',
          flags: '--all',
          help: 'follow every page, streaming items as they arrive',
        },
      ],
      fields: {},
      runs: 'templates list',
    },
    {
      name: 'get',
      summary: 'Show a card template and its field rules (locked, prefilled, required, optional, hidden)',
      examples: ['cardqr templates get tpl_123', 'cardqr templates get tpl_123 -o json | jq .policy.fields'],
      args: [
        {
          key: 'id',
          name: '<template-id>',
          help: 'template id, e.g. tpl_123',
        },
      ],
      fields: {},
      runs: 'templates get',
    },
  ],
};

export const loaders: Loaders = {
  'templates list': () => import('../templates/list.js').then((m) => m.templatesList),
  'templates get': () => import('../templates/get.js').then((m) => m.templatesGet),
};

import { showRecord } from '../model/records.js';

export const templatesGet = showRecord({
  name: 'get',
  summary: 'Show a card template and its field rules (locked, prefilled, required, optional, hidden)',
  argument: ['<template-id>', 'template id, e.g. tpl_123'],
  fetch: async (client, id) => (await import('../../api/templates.js')).getTemplate(client, id),
  // A table is followed by the field rules (templateView's sections).
  view: async () => (await import('../../output/views/templates.js')).templateView,
  fields: { schema: async () => (await import('../../api/schemas/templates.js')).CardTemplate },
  examples: ['cardqr templates get tpl_123', 'cardqr templates get tpl_123 -o json | jq .policy.fields'],
});

import { defineGroup } from '../model/define.js';
import { templatesGet } from './get.js';
import { templatesList } from './list.js';

export const templates = defineGroup({
  name: 'templates',
  summary: 'Card templates and the field rules each imposes',
  examples: ['cardqr templates list', 'cardqr templates get tpl_123'],
  commands: [templatesList, templatesGet],
});

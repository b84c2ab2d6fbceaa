import { defineGroup } from '../model/define.js';
import { plansApprove } from './approve.js';
import { plansCancel } from './cancel.js';
import { plansList } from './list.js';
import { plansShow } from './show.js';

export const plansGroup = defineGroup({
  name: 'plans',
  summary: "Agents' plans (cardqr mcp): list, show, approve a destructive one at your terminal, cancel",
  examples: [
    'cardqr plans list',
    'cardqr plans show plan_0123456789abcdef',
    'cardqr plans approve plan_0123456789abcdef',
  ],
  commands: [plansList, plansShow, plansApprove, plansCancel],
});

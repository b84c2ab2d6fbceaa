// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'plans',
  summary: "Agents' plans (cardqr mcp): list, show, approve a destructive one at your terminal, cancel",
  examples: [
    'cardqr plans list',
    'cardqr plans show plan_0123456789abcdef',
    'cardqr plans approve plan_0123456789abcdef',
  ],
  commands: [
    {
      name: 'list',
      summary: 'List the plans agents made on this machine: kind, state, approval, progress, expiry',
      examples: [
        'cardqr plans list',
        'cardqr plans list -o json | jq -r \'.[] | select(.state == "planned") | .plan_id\'',
      ],
      fields: {},
      runs: 'plans list',
    },
    {
      name: 'show',
      summary: 'Show a plan and every write it makes (each field old → new), its sha256, state and expiry',
      examples: [
        'cardqr plans show plan_0123456789abcdef',
        'cardqr plans show plan_0123456789abcdef -o json | jq .changes',
      ],
      args: [
        {
          key: 'planId',
          name: '<plan_id>',
          help: 'the plan id an agent was given, e.g. plan_0123456789abcdef',
        },
      ],
      fields: {},
      runs: 'plans show',
    },
    {
      name: 'approve',
      summary: 'Approve a plan an agent made: shows it, then asks you to type the first 6 characters of its sha256',
      examples: ['cardqr plans approve plan_0123456789abcdef'],
      details:
        'Only on a terminal (stdin and stderr), and never with --yes: without one it exits 2 and approves nothing.\nTyping anything else, Enter alone, Ctrl-D or Ctrl-C approves nothing (exit 2). The agent then applies\nthe plan with apply_plan; an approved plan is still refused if the account changed since (drift).',
      args: [
        {
          key: 'planId',
          name: '<plan_id>',
          help: 'the plan id an agent was given, e.g. plan_0123456789abcdef',
        },
      ],
      runs: 'plans approve',
    },
    {
      name: 'cancel',
      summary: 'Cancel a plan: it is never applied (one being applied here stops after the write in flight)',
      examples: ['cardqr plans cancel plan_0123456789abcdef'],
      args: [
        {
          key: 'planId',
          name: '<plan_id>',
          help: 'the plan id an agent was given, e.g. plan_0123456789abcdef',
        },
      ],
      runs: 'plans cancel',
    },
  ],
};

export const loaders: Loaders = {
  'plans list': () => import('../plans/list.js').then((m) => m.plansList),
  'plans show': () => import('../plans/show.js').then((m) => m.plansShow),
  'plans approve': () => import('../plans/approve.js').then((m) => m.plansApprove),
  'plans cancel': () => import('../plans/cancel.js').then((m) => m.plansCancel),
};

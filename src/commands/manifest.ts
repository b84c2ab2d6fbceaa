// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say. The parser, help and completion read this, so a run loads only
// the definition of the command it names.
import type { Loaders } from './model/tree.js';
import type { ManifestNode } from './model/manifest-types.js';

export const MANIFEST: ManifestNode[] = [
  {
    name: 'me',
    summary:
      'Show the key in use: profile and base URL, account, plan, scopes, rate limit, and which commands it may use',
    examples: ['cardqr me', 'cardqr me -o json | jq .rateLimit.requestsPerMinute'],
    fields: {
      open: ['commands'],
      extra: ['profile', 'baseUrl'],
    },
    runs: 'me',
  },
  {
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
  },
  {
    name: 'analytics',
    summary: 'Read scan analytics: totals, trend, daily timeline, countries and devices',
    examples: ['cardqr analytics overview --range 30d', 'cardqr analytics get qr_123 --tz Europe/Berlin'],
    commands: [
      {
        name: 'overview',
        summary: 'Scan totals, trend, daily timeline, top codes and breakdowns for the whole account',
        examples: [
          'cardqr analytics overview',
          'cardqr analytics overview --range 90d --tz Europe/Paris',
          'cardqr analytics overview --range 12m -o csv > scans-per-day.csv',
        ],
        options: [
          {
            key: 'range',
            flags: '--range <range>',
            help: 'period: the last 7 days, 30 days, 90 days or 12 months',
            default: '30d',
            choices: ['7d', '30d', '90d', '12m'],
          },
          {
            key: 'tz',
            flags: '--tz <zone>',
            help: 'IANA time zone of the daily buckets, e.g. Europe/Paris; "local" for this machine\'s',
            default: 'UTC',
          },
        ],
        fields: {},
        runs: 'analytics overview',
      },
      {
        name: 'get',
        summary: 'Scan totals, trend, daily timeline and breakdowns of one card or QR code',
        examples: [
          'cardqr analytics get qr_123 --range 7d',
          'cardqr analytics get crd_123 --tz America/Los_Angeles -o json | jq .trend',
        ],
        args: [
          {
            key: 'id',
            name: '<id>',
            help: 'card id or QR code id',
          },
        ],
        options: [
          {
            key: 'range',
            flags: '--range <range>',
            help: 'period: the last 7 days, 30 days, 90 days or 12 months',
            default: '30d',
            choices: ['7d', '30d', '90d', '12m'],
          },
          {
            key: 'tz',
            flags: '--tz <zone>',
            help: 'IANA time zone of the daily buckets, e.g. Europe/Paris; "local" for this machine\'s',
            default: 'UTC',
          },
        ],
        fields: {},
        runs: 'analytics get',
      },
    ],
  },
];

export const LOADERS: Loaders = {
  me: () => import('./me/index.js').then((m) => m.me),
  'templates list': () => import('./templates/list.js').then((m) => m.templatesList),
  'templates get': () => import('./templates/get.js').then((m) => m.templatesGet),
  'analytics overview': () => import('./analytics/overview.js').then((m) => m.analyticsOverview),
  'analytics get': () => import('./analytics/get.js').then((m) => m.analyticsGet),
};

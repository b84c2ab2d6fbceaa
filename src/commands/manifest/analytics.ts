// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
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
      fields: {
        csvRows: 'timeline',
      },
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
      fields: {
        csvRows: 'timeline',
      },
      runs: 'analytics get',
    },
  ],
};

export const loaders: Loaders = {
  'analytics overview': () => import('../analytics/overview.js').then((m) => m.analyticsOverview),
  'analytics get': () => import('../analytics/get.js').then((m) => m.analyticsGet),
};

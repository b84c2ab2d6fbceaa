// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'analytics',
  summary: 'Read scan analytics: totals, trend, daily timeline, countries and devices; keep their history',
  examples: [
    'cardqr analytics overview --range 30d',
    'cardqr analytics get qr_123 --tz Europe/Berlin',
    'cardqr analytics snapshot && cardqr analytics history --by month',
  ],
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
    {
      name: 'snapshot',
      summary: "Keep the daily scans of every QR code and card in a history store that outlives the plan's window",
      examples: [
        'cardqr analytics snapshot',
        'cardqr analytics snapshot --tz Europe/Paris --no-cards',
        'CARDQR_HISTORY_URL=postgres://cardqr@db.internal/cardqr cardqr analytics snapshot --wait 30m',
      ],
      details:
        "Requests: GET /me, the QR code pages (live, then archived), the card pages, then one timeline\nfor each QR code whose scanCount moved since the last snapshot in this zone and one per card, paced\nto the key's limit. The rows are written in one transaction after the fetching: a snapshot killed\nhalf-way leaves the store as it was. Days the plan's window later drops stay in the store.",
      options: [
        {
          key: 'store',
          flags: '--store <file|url>',
          help: 'the history store: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)',
        },
        {
          key: 'tz',
          flags: '--tz <zone>',
          help: 'IANA time zone of the days, e.g. Europe/Paris; "local" for this machine\'s',
          default: 'UTC',
        },
        {
          key: 'cards',
          flags: '--no-cards',
          help: "leave the cards' timelines out (cards carry no count, so each costs a request)",
        },
        {
          key: 'wait',
          flags: '--wait <duration>',
          help: 'how long to wait for another snapshot of the account to finish, then exit 6 (default: 10m; 0: do not wait)',
        },
      ],
      runs: 'analytics snapshot',
    },
    {
      name: 'history',
      summary: 'Scans per day, week or month from the history store (no request), by code or by group',
      examples: [
        'cardqr analytics history --by month',
        'cardqr analytics history qr_123 --since 2026-01-01 --by week -o csv',
        'cardqr analytics history --group print-run --by month',
      ],
      args: [
        {
          key: 'ids',
          name: '[id...]',
          help: 'card or QR code ids (default: every one in the store)',
        },
      ],
      options: [
        {
          key: 'store',
          flags: '--store <file|url>',
          help: 'the history store: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)',
        },
        {
          key: 'tz',
          flags: '--tz <zone>',
          help: 'IANA time zone of the days, e.g. Europe/Paris; "local" for this machine\'s',
          default: 'UTC',
        },
        {
          key: 'since',
          flags: '--since <date>',
          help: 'first day to show, YYYY-MM-DD (default: the first stored day)',
        },
        {
          key: 'by',
          flags: '--by <period>',
          help: 'period of each row',
          default: 'day',
          choices: ['day', 'week', 'month'],
        },
        {
          key: 'group',
          flags: '--group <group>',
          help: "sum the codes by card template, campaign, or this machine's print run",
          choices: ['template', 'campaign', 'print-run'],
        },
      ],
      runs: 'analytics history',
    },
    {
      name: 'drift',
      summary: 'List codes whose scans fell by more than a threshold or stopped (exit 7 when any is listed)',
      examples: ['cardqr analytics drift', 'cardqr analytics drift --window 14d --threshold 50% --silent 10d -o json'],
      details:
        'Reads the store only. The last day is the day of the latest snapshot in --tz (incomplete,\nso left out). Exit 7 when a code is listed (for cron), 0 when none, 2 with "no snapshot yet" on an empty store.',
      options: [
        {
          key: 'store',
          flags: '--store <file|url>',
          help: 'the history store: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)',
        },
        {
          key: 'tz',
          flags: '--tz <zone>',
          help: 'IANA time zone of the days, e.g. Europe/Paris; "local" for this machine\'s',
          default: 'UTC',
        },
        {
          key: 'window',
          flags: '--window <days>',
          help: 'compare the last this many complete days with as many before (default: 7d)',
        },
        {
          key: 'threshold',
          flags: '--threshold <percent>',
          help: 'a fall larger than this is listed (default: 30%)',
        },
        {
          key: 'silent',
          flags: '--silent <days>',
          help: 'a code with no scan for this long, after some, is listed as stopped (default: 30d)',
        },
      ],
      runs: 'analytics drift',
    },
    {
      name: 'migrate',
      summary: 'Bring the history store to the schema this cardqr writes (creating it when missing)',
      examples: ['cardqr analytics migrate', 'cardqr analytics migrate --store postgres://cardqr@db.internal/cardqr'],
      options: [
        {
          key: 'store',
          flags: '--store <file|url>',
          help: 'the history store: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)',
        },
        {
          key: 'wait',
          flags: '--wait <duration>',
          help: 'how long to wait for a snapshot or report in progress (default: 10m; 0: do not wait)',
        },
      ],
      runs: 'analytics migrate',
    },
  ],
};

export const loaders: Loaders = {
  'analytics overview': () => import('../analytics/overview.js').then((m) => m.analyticsOverview),
  'analytics get': () => import('../analytics/get.js').then((m) => m.analyticsGet),
  'analytics snapshot': () => import('../analytics/snapshot.js').then((m) => m.analyticsSnapshot),
  'analytics history': () => import('../analytics/history.js').then((m) => m.analyticsHistory),
  'analytics drift': () => import('../analytics/drift.js').then((m) => m.analyticsDrift),
  'analytics migrate': () => import('../analytics/migrate.js').then((m) => m.analyticsMigrate),
};

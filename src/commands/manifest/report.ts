// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'report',
  summary: 'Reports from the scan history store, sent once per period',
  examples: ['cardqr report weekly --out weekly.txt', 'cardqr report weekly --week 2026-W48 --dry-run'],
  commands: [
    {
      name: 'weekly',
      summary: 'Send the digest of each complete week once: scans, top codes, new leads (counts only), drift',
      examples: [
        'cardqr report weekly --tz Europe/Paris --out weekly.txt',
        'CARDQR_FORWARD_SECRET=… cardqr report weekly --forward-to https://hooks.example.com/cardqr',
        'cardqr report weekly --week 2026-W48 --dry-run',
      ],
      details:
        "A week (Monday to Sunday in --tz) is sent once the store holds a snapshot taken after it ended;\nbefore that the run says it is waiting, records nothing and exits 0. Each week is recorded `sending`, then\ndelivered, then `sent`: cron may run this hourly; a week goes out once, at most once more after a crash\nbetween delivering and recording (with the same Cardqr-Delivery-Id: <account>/<ISO week>/<zone>). Weeks\nmissed while cron did not run go out oldest first. Counts only: never a lead's contact.",
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
          key: 'out',
          flags: '--out <file>',
          help: 'append the readable digest to this file (default: standard output)',
        },
        {
          key: 'exec',
          flags: '--exec <cmd>',
          help: 'run `/bin/sh -c <cmd>` with the JSON digest on stdin, CARDQR_DELIVERY_ID set; exit 0 = delivered',
        },
        {
          key: 'forwardTo',
          flags: '--forward-to <url>',
          help: 'POST the JSON digest, signed with CARDQR_FORWARD_SECRET (Cardqr-Signature) and with Cardqr-Delivery-Id; 2xx = delivered',
        },
        {
          key: 'dryRun',
          flags: '--dry-run',
          help: 'print the digest of the due weeks (or --week) and record nothing',
        },
        {
          key: 'week',
          flags: '--week <ISO week>',
          help: 'only this week, e.g. 2026-W48',
        },
        {
          key: 'resend',
          flags: '--resend',
          help: 'with --week: send it again though it was sent (same delivery id)',
        },
        {
          key: 'perCard',
          flags: '--per-card',
          help: 'add per-card (per-person) figures',
        },
        {
          key: 'wait',
          flags: '--wait <duration>',
          help: 'how long to wait for another report run (default: 10m; 0: do not wait)',
        },
      ],
      runs: 'report weekly',
    },
  ],
};

export const loaders: Loaders = {
  'report weekly': () => import('../report/weekly.js').then((m) => m.reportWeekly),
};

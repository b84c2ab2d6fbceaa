// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'serve',
  summary:
    'Serve a local dashboard on 127.0.0.1: scans over time, leads, CRM, print runs, agent plans (the key stays here)',
  examples: [
    'cardqr serve',
    'cardqr serve --port 0 --open',
    'CARDQR_HISTORY_URL=postgres://dash@db.example/cardqr cardqr serve --tz Europe/Paris',
  ],
  details:
    "\nPrints a one-time URL: it works once, within 60 seconds, and leaves a session cookie (HttpOnly,\nSameSite=Strict) in that browser; a visit without one prints a fresh URL here. The page never sees the\nkey: this process makes every API call, paced to half the key's rate, each answer kept 60 seconds.\nOnly 127.0.0.1 listens; a request naming another host or coming from another origin is refused.\nScans over time come from the history store (`cardqr analytics snapshot`), read only: a store named\nwith --store or CARDQR_HISTORY_URL must open; the default one not there yet is a line in its panel.\nApproving an agent plan stays in the terminal: the page shows the `cardqr plans approve <id>` to copy.",
  options: [
    {
      key: 'port',
      flags: '--port <port>',
      help: 'port on 127.0.0.1; 0 picks a free one (default: 4020)',
    },
    {
      key: 'open',
      flags: '--open',
      help: "open the one-time URL in this machine's browser (xdg-open, open, or the Windows URL handler)",
    },
    {
      key: 'store',
      flags: '--store <file|url>',
      help: 'the history store to chart: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)',
    },
    {
      key: 'tz',
      flags: '--tz <zone>',
      help: 'IANA time zone of the store\'s days, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)',
    },
  ],
  runs: 'serve',
};

export const loaders: Loaders = {
  serve: () => import('../serve/index.js').then((m) => m.serve),
};

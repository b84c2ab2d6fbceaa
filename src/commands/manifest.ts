// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say. The root reads this: each noun's
// name and summary, and where the rest of it is (commands/manifest/<noun>.ts), loaded for the noun a run
// names (every one for help and completion); a run then loads only the definition of its verb.
import type { ManifestGroup, NounManifest } from './model/manifest-types.js';

export const MANIFEST: ManifestGroup[] = [
  {
    heading: 'Set up:',
    nouns: [
      {
        name: 'profiles',
        summary: 'Store, list and switch API keys and base URLs',
      },
      {
        name: 'me',
        summary:
          'Show the key in use: profile and base URL, account, plan, scopes, rate limit, and which commands it may use',
      },
      {
        name: 'status',
        summary:
          'Check every stored profile (and a key in CARDQR_API_KEY) with GET /me: reachable, key valid, account, plan, scopes',
      },
    ],
  },
  {
    heading: 'Cards and QR codes:',
    nouns: [
      {
        name: 'cards',
        summary: 'Digital business cards: list, show, create, update, delete, wallet links',
      },
      {
        name: 'qr',
        summary:
          'Dynamic QR codes (every non-card code): list, show, create, update, pause, publish, archive, delete, apply a file',
      },
      {
        name: 'templates',
        summary: 'Card templates and the field rules each imposes',
      },
    ],
  },
  {
    heading: 'Images:',
    nouns: [
      {
        name: 'image',
        summary: 'Save the QR image of cards or QR codes to files (or one image to standard output)',
      },
      {
        name: 'print',
        summary: 'Lay out QR codes of cards or QR codes into one print-ready PDF (label sheets or one per page)',
      },
    ],
  },
  {
    heading: 'Analytics and leads:',
    nouns: [
      {
        name: 'analytics',
        summary: 'Read scan analytics: totals, trend, daily timeline, countries and devices; keep their history',
      },
      {
        name: 'report',
        summary: 'Reports from the scan history store, sent once per period',
      },
      {
        name: 'leads',
        summary:
          'List, show, export and follow leads, and replay deliveries that failed (form submissions, contact exchanges, scanned and typed-in cards)',
      },
      {
        name: 'serve',
        summary:
          'Serve a local dashboard on 127.0.0.1: scans over time, leads, CRM, print runs, agent plans (the key stays here)',
      },
    ],
  },
  {
    heading: 'Campaigns:',
    nouns: [
      {
        name: 'campaigns',
        summary: 'Campaign ingestion: read campaigns and schemas, dry-run a record, create cards, import a CSV',
      },
    ],
  },
  {
    heading: 'Agents:',
    nouns: [
      {
        name: 'mcp',
        summary:
          'Serve this account to an AI agent over the Model Context Protocol: free reads, writes only as approved plans',
      },
      {
        name: 'plans',
        summary: "Agents' plans (cardqr mcp): list, show, approve a destructive one at your terminal, cancel",
      },
    ],
  },
  {
    heading: 'Advanced:',
    nouns: [
      {
        name: 'api',
        summary: 'Make a raw API call through the same client (auth, retries, errors)',
      },
      {
        name: 'emulator',
        summary: 'Run the local emulator of the whole API (for rehearsal: the real service has no sandbox)',
      },
    ],
  },
  {
    heading: 'Shell:',
    nouns: [
      {
        name: 'completion',
        summary: 'Print the shell completion script for bash, zsh or fish (it never edits rc files)',
      },
      {
        name: '__complete',
        summary: 'Print completion candidates, one per line (called by the completion scripts)',
        hidden: true,
      },
      {
        name: '__man',
        summary: 'Print the man page cardqr(1), written from the command tree',
        hidden: true,
      },
    ],
  },
];

export const NOUNS: Record<string, () => Promise<NounManifest>> = {
  profiles: () => import('./manifest/profiles.js'),
  me: () => import('./manifest/me.js'),
  status: () => import('./manifest/status.js'),
  cards: () => import('./manifest/cards.js'),
  qr: () => import('./manifest/qr.js'),
  templates: () => import('./manifest/templates.js'),
  image: () => import('./manifest/image.js'),
  print: () => import('./manifest/print.js'),
  analytics: () => import('./manifest/analytics.js'),
  report: () => import('./manifest/report.js'),
  leads: () => import('./manifest/leads.js'),
  serve: () => import('./manifest/serve.js'),
  campaigns: () => import('./manifest/campaigns.js'),
  mcp: () => import('./manifest/mcp.js'),
  plans: () => import('./manifest/plans.js'),
  api: () => import('./manifest/api.js'),
  emulator: () => import('./manifest/emulator.js'),
  completion: () => import('./manifest/completion.js'),
  __complete: () => import('./manifest/__complete.js'),
  __man: () => import('./manifest/__man.js'),
};

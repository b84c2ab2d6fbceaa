// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'emulator',
  summary: 'Run the local emulator of the whole API (for rehearsal: the real service has no sandbox)',
  examples: [
    'cardqr emulator --port 0 --profile local',
    'cardqr emulator --tls --profile local',
    'cardqr emulator --rate-limit 120 --latency 50 --fault-rate 0.05 --state emu-state.json',
  ],
  options: [
    {
      key: 'port',
      flags: '--port <port>',
      help: 'port to listen on; 0 picks a free one (default: 4010)',
    },
    {
      key: 'host',
      flags: '--host <host>',
      help: 'address to listen on (default: 127.0.0.1)',
    },
    {
      key: 'seed',
      flags: '--seed <file.json>',
      help: 'seed file (account, keys, templates, campaigns, cards, leads, scans)',
    },
    {
      key: 'state',
      flags: '--state <file.json>',
      help: 'persist the emulator state in this file across restarts',
    },
    {
      key: 'rateLimit',
      flags: '--rate-limit <n>',
      help: 'requests per minute for every key',
    },
    {
      key: 'latency',
      flags: '--latency <ms>',
      help: 'added before each API answer',
    },
    {
      key: 'faultRate',
      flags: '--fault-rate <p>',
      help: 'fraction of API requests answered with a 500 or a dropped connection (0..1)',
    },
    {
      key: 'profile',
      flags: '--profile <name>',
      help: 'also write a profile pointing at the emulator with its full-scope key (removed when it stops)',
    },
    {
      key: 'keepProfile',
      flags: '--keep-profile',
      help: 'keep the --profile written when the emulator stops',
    },
    {
      key: 'tls',
      flags: '--tls',
      help: 'serve over HTTPS with a certificate from a local CA kept in the state folder (made once; the --profile written trusts it)',
    },
    {
      key: 'clock',
      flags: '--clock <time>',
      help: 'start the emulator clock at this ISO 8601 time (the built-in seed is dated from it; default: now)',
    },
  ],
  runs: 'emulator',
};

export const loaders: Loaders = {
  emulator: () => import('../emulator/index.js').then((m) => m.emulator),
};

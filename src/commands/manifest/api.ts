// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'api',
  summary: 'Make a raw API call through the same client (auth, retries, errors)',
  examples: [
    'cardqr api GET /cards --param limit=5',
    'cardqr api GET /leads --paginate -o ndjson --query "contact.email"',
    'cardqr api PATCH /qr-codes/qr_123 --data \'{"status":"paused"}\'',
    'cardqr api GET /qr-codes/qr_123/image --param format=svg -O code.svg',
  ],
  args: [
    {
      key: 'method',
      name: '<method>',
      help: 'HTTP method {GET | POST | PATCH | PUT | DELETE}',
    },
    {
      key: 'path',
      name: '<path>',
      help: 'path relative to the base URL, e.g. /cards',
    },
  ],
  options: [
    {
      key: 'data',
      flags: '--data <json>',
      help: 'request body: inline JSON, @file.json, or - for stdin',
    },
    {
      key: 'param',
      flags: '-p, --param <key=value>',
      help: 'query parameter (repeatable); --query is the JMESPath filter, as on every command',
      repeatable: true,
    },
    {
      key: 'out',
      flags: '-O, --out <file>',
      help: "write the answer's body to this file as it came (an image, a PDF, JSON), or - for standard output",
    },
    {
      key: 'paginate',
      flags: '--paginate',
      help: 'GET a list endpoint page after page (100 items each, following pagination.hasMore) and print every item',
    },
    {
      key: 'idempotencyKey',
      flags: '--idempotency-key <key>',
      help: 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)',
    },
  ],
  runs: 'api',
};

export const loaders: Loaders = {
  api: () => import('../api/index.js').then((m) => m.api),
};

// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'qr',
  summary:
    'Dynamic QR codes (every non-card code): list, show, create, update, pause, publish, archive, delete, apply a file',
  examples: [
    'cardqr qr list --type url',
    'cardqr qr create --name "Spring menu" --url https://bistro.example/menu',
    'cardqr qr pause qr_123',
  ],
  commands: [
    {
      name: 'list',
      summary: 'List every QR code that is not a card, newest first (archived ones only with --status archived)',
      aliases: ['ls'],
      examples: [
        'cardqr qr list --search promo',
        'cardqr qr list --type url --all -o csv > qr-codes.csv',
        'cardqr qr list --status paused -q',
      ],
      options: [
        {
          key: 'search',
          flags: '--search <text>',
          help: 'case-insensitive partial match on name, short code or destination URL',
        },
        {
          key: 'status',
          flags: '--status <status>',
          help: 'only codes with this status',
          choices: ['draft', 'published', 'paused', 'archived'],
        },
        {
          key: 'type',
          flags: '--type <type>',
          help: 'only codes of this type',
          choices: ['url', 'file', 'page', 'gs1'],
        },
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
      runs: 'qr list',
    },
    {
      name: 'get',
      summary: 'Show one QR code: status, paused flag, short link, destination and scan count',
      examples: ['cardqr qr get qr_123', 'cardqr qr get qr_123 -o json | jq -r .destinationUrl'],
      args: [
        {
          key: 'id',
          name: '<qr-id>',
          help: 'QR code id, e.g. qr_123 (a card id answers 404)',
        },
      ],
      fields: {},
      runs: 'qr get',
    },
    {
      name: 'create',
      summary: "Create a dynamic QR code that redirects to a URL (counts against the plan's QR code allowance)",
      examples: [
        'cardqr qr create --name "Spring menu" --url https://bistro.example/menu',
        'cardqr qr create --name Booth --url https://example.com/booth --short-code booth-2026 --status draft',
      ],
      options: [
        {
          key: 'name',
          flags: '--name <name>',
          help: 'name, 1-200 characters',
          required: true,
        },
        {
          key: 'url',
          flags: '--url <url>',
          help: 'destination: a full http(s) URL (changeable later)',
          required: true,
        },
        {
          key: 'shortCode',
          flags: '--short-code <code>',
          help: 'slug of the short link: letters, digits, hyphens, up to 100 (default: random 8 characters)',
        },
        {
          key: 'status',
          flags: '--status <status>',
          help: 'initial status (default: published)',
          choices: ['draft', 'published'],
        },
        {
          key: 'idempotencyKey',
          flags: '--idempotency-key <key>',
          help: 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)',
        },
        {
          key: 'dryRun',
          flags: '--dry-run',
          help: 'print the request body that would be sent and send nothing',
        },
      ],
      fields: {},
      runs: 'qr create',
    },
    {
      name: 'update',
      summary: "Change a QR code's name, destination or status; the short code and printed code stay the same",
      examples: [
        'cardqr qr update qr_123 --url https://bistro.example/summer-menu',
        'cardqr qr update qr_123 --status paused',
      ],
      args: [
        {
          key: 'id',
          name: '<qr-id>',
          help: 'QR code id, e.g. qr_123',
        },
      ],
      options: [
        {
          key: 'name',
          flags: '--name <name>',
          help: 'new name, 1-200 characters',
        },
        {
          key: 'url',
          flags: '--url <url>',
          help: 'new destination, a full http(s) URL (url-type codes only)',
        },
        {
          key: 'status',
          flags: '--status <status>',
          help: 'new status: paused stops redirecting, archived hides it, published undoes either',
          choices: ['draft', 'published', 'paused', 'archived'],
        },
        {
          key: 'idempotencyKey',
          flags: '--idempotency-key <key>',
          help: 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)',
        },
        {
          key: 'dryRun',
          flags: '--dry-run',
          help: 'print the request body that would be sent and send nothing',
        },
      ],
      fields: {},
      runs: 'qr update',
    },
    {
      name: 'delete',
      summary: 'Move QR codes to Trash: their short links stop redirecting at once (restore only in the dashboard)',
      aliases: ['rm'],
      examples: ['cardqr qr delete qr_123', 'cardqr qr list --status archived -q | xargs cardqr qr delete --yes'],
      args: [
        {
          key: 'ids',
          name: '<qr-id...>',
          help: 'one or more QR code ids (any non-card code, dashboard-made ones too), or - to read them from standard input',
        },
      ],
      options: [
        {
          key: 'report',
          flags: '--report <file>',
          help: 'an append-only NDJSON report of every deletion',
        },
      ],
      fields: {},
      runs: 'qr delete',
    },
    {
      name: 'apply',
      summary:
        "Make the account's QR codes match a file (CSV or NDJSON, keyed by shortCode): shows the plan, then writes each change once",
      examples: [
        'cardqr qr apply fair-codes.csv --dry-run',
        'cardqr qr apply fair-codes.csv --yes',
        'cardqr qr list --all -o csv --fields shortCode,name,destinationUrl,status > codes.csv',
        'cardqr qr apply codes.ndjson -o json --dry-run',
      ],
      details:
        "\nColumns: shortCode (required, once per file), name, destinationUrl, status (draft, published,\npaused, archived). A missing column or an empty cell leaves that property as it is. A short code\nthe account does not hold is created (it needs name and destinationUrl; status defaults to\npublished; a paused or archived one is created as draft, then moved). Codes the file does not\nname are never touched.\n\nEvery QR code of the account is read first (archived ones too) and the plan printed: create,\nupdate (old → new), unchanged. Changing an existing code's destination or status changes where\nprinted codes lead: on a terminal you are asked; in scripts pass --yes. -o json prints the plan\nas data. Writes go one at a time, paced to the key's limit, each with its own Idempotency-Key,\neach recorded in the report. Interrupted or partly failed, run the same command again: only\nwhat is still missing is sent (re-moving a code created paused or archived asks again).\n\nExit status: 0 the account matches the file, 2 invalid file (every problem listed, nothing sent)\nor question refused, 7 some writes failed (e.g. a short code held by something else), 130 interrupted.\n",
      args: [
        {
          key: 'file',
          name: '<file.csv|file.ndjson>',
          help: 'a .csv (header: shortCode,name,destinationUrl,status) or .ndjson / .jsonl file',
        },
      ],
      options: [
        {
          key: 'dryRun',
          flags: '--dry-run',
          help: 'show the plan and send nothing',
        },
        {
          key: 'map',
          flags: '--map <column=name>',
          help: "read a column of the file as one of ours, e.g. --map 'Link=destinationUrl' (repeatable)",
          repeatable: true,
        },
        {
          key: 'mapFile',
          flags: '--map-file <file>',
          help: 'the same, one `Column=name` a line (# starts a comment)',
        },
        {
          key: 'report',
          flags: '--report <file>',
          help: 'append-only NDJSON report of every write (default: <file>.report.ndjson)',
        },
      ],
      fields: {},
      runs: 'qr apply',
    },
    {
      name: 'pause',
      summary: 'Pause QR codes: their short links stop redirecting (same as update --status paused)',
      examples: ['cardqr qr pause qr_123', 'cardqr qr list --search spring -q | cardqr qr pause - --yes'],
      args: [
        {
          key: 'ids',
          name: '<qr-id...>',
          help: 'one or more QR code ids, or - to read them from standard input (one per line)',
        },
      ],
      options: [
        {
          key: 'report',
          flags: '--report <file>',
          help: 'an append-only NDJSON report of every change',
        },
      ],
      fields: {},
      runs: 'qr pause',
    },
    {
      name: 'publish',
      summary: 'Publish QR codes, undoing a pause or an archive (same as update --status published)',
      examples: ['cardqr qr publish qr_123', 'cardqr qr list --search spring -q | cardqr qr publish - --yes'],
      args: [
        {
          key: 'ids',
          name: '<qr-id...>',
          help: 'one or more QR code ids, or - to read them from standard input (one per line)',
        },
      ],
      options: [
        {
          key: 'report',
          flags: '--report <file>',
          help: 'an append-only NDJSON report of every change',
        },
      ],
      fields: {},
      runs: 'qr publish',
    },
    {
      name: 'archive',
      summary: 'Archive QR codes: they stop redirecting and leave the default list (same as update --status archived)',
      examples: ['cardqr qr archive qr_123', 'cardqr qr list --search spring -q | cardqr qr archive - --yes'],
      args: [
        {
          key: 'ids',
          name: '<qr-id...>',
          help: 'one or more QR code ids, or - to read them from standard input (one per line)',
        },
      ],
      options: [
        {
          key: 'report',
          flags: '--report <file>',
          help: 'an append-only NDJSON report of every change',
        },
      ],
      fields: {},
      runs: 'qr archive',
    },
  ],
};

export const loaders: Loaders = {
  'qr list': () => import('../qr/list.js').then((m) => m.qrList),
  'qr get': () => import('../qr/get.js').then((m) => m.qrGet),
  'qr create': () => import('../qr/create.js').then((m) => m.qrCreate),
  'qr update': () => import('../qr/update.js').then((m) => m.qrUpdate),
  'qr delete': () => import('../qr/delete.js').then((m) => m.qrDelete),
  'qr apply': () => import('../qr/apply.js').then((m) => m.qrApply),
  'qr pause': () => import('../qr/status.js').then((m) => m.qrPause),
  'qr publish': () => import('../qr/status.js').then((m) => m.qrPublish),
  'qr archive': () => import('../qr/status.js').then((m) => m.qrArchive),
};

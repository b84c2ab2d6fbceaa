// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say. The parser, help and completion read this, so a run loads only
// the definition of the command it names.
import type { Loaders } from './model/tree.js';
import type { ManifestNode } from './model/manifest-types.js';

export const MANIFEST: ManifestNode[] = [
  {
    name: 'profiles',
    summary: 'Store, list and switch API keys and base URLs',
    examples: ['cardqr profiles add prod --base-url https://api.example.com/v1 --default', 'cardqr profiles list'],
    commands: [
      {
        name: 'add',
        summary:
          'Add (or replace) a profile: base URL and API key, verified with GET /me; with only --ca-file, set the CA file of a stored profile',
        examples: [
          'cardqr profiles add prod --base-url https://api.example.com/v1 --default',
          'pass show cardqr | cardqr profiles add ci --base-url https://api.example.com/v1 --api-key-stdin',
          "cardqr profiles add prod --base-url https://api.example.com/v1 --api-key-command 'op read op://Private/cardqr/credential'",
          'cardqr profiles add corp --base-url https://cardqr.corp.example/v1 --ca-file ~/corp-root-ca.pem',
          'cardqr profiles add prod --ca-file ./corp-root-ca.pem   # a stored profile: only its CA file changes',
        ],
        args: [
          {
            key: 'name',
            name: '<name>',
            help: 'profile name (letters, digits, . _ -)',
          },
        ],
        options: [
          {
            key: 'default',
            flags: '--default',
            help: 'make it the default profile',
          },
          {
            key: 'verify',
            flags: '--no-verify',
            help: 'store without calling GET /me',
          },
          {
            key: 'apiKeyCommand',
            flags: '--api-key-command <cmd>',
            help: "store this command instead of the key: each run executes it (sh -c, 30 s timeout) and uses the first line it prints, e.g. 'pass show cardqr/prod'",
          },
          {
            key: 'caFile',
            flags: '--ca-file <pem>',
            help: 'a PEM file of CA certificates to trust for this API, besides Node\'s and the system\'s (stored as an absolute path; "" drops it)',
            negate: "drop the profile's CA file: trust only Node's roots, the system store and NODE_EXTRA_CA_CERTS",
            hint: {
              value: 'file',
            },
          },
        ],
        runs: 'profiles add',
      },
      {
        name: 'list',
        summary: 'List stored profiles (keys masked; * marks the default)',
        aliases: ['ls'],
        examples: ['cardqr profiles list'],
        runs: 'profiles list',
      },
      {
        name: 'use',
        summary: 'Make a profile the default',
        examples: ['cardqr profiles use staging'],
        args: [
          {
            key: 'name',
            name: '<name>',
            help: 'profile name',
            hint: {
              value: 'profiles',
            },
          },
        ],
        runs: 'profiles use',
      },
      {
        name: 'show',
        summary: 'Show one profile (default: the one in use)',
        examples: ['cardqr profiles show prod -o json'],
        args: [
          {
            key: 'name',
            name: '[name]',
            help: 'profile name',
            hint: {
              value: 'profiles',
            },
          },
        ],
        runs: 'profiles show',
      },
      {
        name: 'remove',
        summary: 'Remove a profile and its stored key',
        aliases: ['rm'],
        examples: ['cardqr profiles remove old --yes'],
        args: [
          {
            key: 'name',
            name: '<name>',
            help: 'profile name',
            hint: {
              value: 'profiles',
            },
          },
        ],
        runs: 'profiles remove',
      },
      {
        name: 'set',
        summary: "Change a stored profile's CA file, without asking for its key again (verified with GET /me)",
        examples: ['cardqr profiles set prod --ca-file ~/corp-root-ca.pem', 'cardqr profiles set prod --no-ca-file'],
        args: [
          {
            key: 'name',
            name: '<name>',
            help: 'profile name',
            hint: {
              value: 'profiles',
            },
          },
        ],
        options: [
          {
            key: 'verify',
            flags: '--no-verify',
            help: 'store without calling GET /me',
          },
          {
            key: 'caFile',
            flags: '--ca-file <pem>',
            help: 'a PEM file of CA certificates to trust for this API, besides Node\'s and the system\'s (stored as an absolute path; "" drops it)',
            negate: "drop the profile's CA file: trust only Node's roots, the system store and NODE_EXTRA_CA_CERTS",
            hint: {
              value: 'file',
            },
          },
        ],
        runs: 'profiles set',
      },
    ],
  },
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
    name: 'status',
    summary:
      'Check every stored profile (and a key in CARDQR_API_KEY) with GET /me: reachable, key valid, account, plan, scopes',
    examples: ['cardqr status', 'cardqr status -o json | jq -r ".[] | select(.state != \\"ok\\") | .profile"'],
    runs: 'status',
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
    name: 'image',
    summary: 'Save the QR image of cards or QR codes to files (or one image to standard output)',
    examples: [
      'cardqr image qr_123 -f svg -O booth.svg',
      'cardqr image crd_1 crd_2 --size 1024 -d print/',
      'cardqr cards list --all -q | cardqr image - -f pdf -d qr/',
      'cardqr image qr_123 -O - --transparent > code.png',
    ],
    notes:
      "\nOutput:\n  Each saved file's path is printed on standard output, one per line (none with -q), so the list\n  can be piped on. Progress (on a terminal), the summary and errors go to standard error. Files are\n  written to a temporary name in the same directory and renamed when complete. With several ids a\n  failed id does not stop the others; the exit status is then 7. The names saved in a directory are\n  remembered (under the config directory), so a re-run skips files still there without downloading\n  them again.\n  The format follows the -O extension; an extension the API does not serve (.gif) is refused.\n",
    args: [
      {
        key: 'ids',
        name: '<id...>',
        help: 'card or QR code ids; - reads ids from standard input, one per line',
      },
    ],
    options: [
      {
        key: 'format',
        flags: '-f, --format <format>',
        help: 'image format (default: png, or from the -O file extension)',
        choices: ['png', 'svg', 'pdf', 'jpeg', 'webp'],
      },
      {
        key: 'size',
        flags: '--size <px>',
        help: 'width in pixels, 128-4096 (default: 512); a framed design is taller than wide',
      },
      {
        key: 'transparent',
        flags: '--transparent',
        help: 'clear background (png, webp, svg only)',
      },
      {
        key: 'out',
        flags: '-O, --out <file>',
        help: 'write the one image to this file, or - for standard output (not a terminal)',
      },
      {
        key: 'dir',
        flags: '-d, --dir <dir>',
        help: 'save into this directory, created if missing, under the name the API suggests (default: current directory)',
      },
      {
        key: 'force',
        flags: '--force',
        help: 'replace files that already exist (default: never overwrite; the id is skipped)',
      },
      {
        key: 'verify',
        flags: '--verify',
        help: 'decode each image before saving it and compare it with the object url (not pdf); a mismatch is not saved (exit 7)',
      },
      {
        key: 'ledger',
        flags: '--ledger',
        help: 'record the batch (ids, urls, files, sha256) in the print ledger (see cardqr print audit)',
      },
    ],
    runs: 'image',
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
  {
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
  },
  {
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
  },
  {
    name: 'completion',
    summary: 'Print the shell completion script for bash, zsh or fish (it never edits rc files)',
    examples: ['cardqr completion zsh > "${fpath[1]}/_cardqr"', 'source <(cardqr completion bash)'],
    notes:
      '\nInstall (pick your shell):\n  bash  cardqr completion bash > ~/.local/share/bash-completion/completions/cardqr\n        (needs the bash-completion package; or add to ~/.bashrc: source <(cardqr completion bash))\n  zsh   cardqr completion zsh > "${fpath[1]}/_cardqr"\n        (or add to ~/.zshrc after compinit: source <(cardqr completion zsh))\n  fish  cardqr completion fish > ~/.config/fish/completions/cardqr.fish\nThen open a new shell. The npm package also ships the scripts in its completions/ folder.',
    args: [
      {
        key: 'shell',
        name: '<shell>',
        help: 'shell to complete for',
        choices: ['bash', 'zsh', 'fish'],
      },
    ],
    runs: 'completion',
  },
  {
    name: '__complete',
    summary: 'Print completion candidates, one per line (called by the completion scripts)',
    hidden: true,
    examples: ['cardqr __complete profiles'],
    args: [
      {
        key: 'kind',
        name: '<kind>',
        help: 'what to list',
        choices: ['profiles'],
      },
    ],
    runs: '__complete',
  },
  {
    name: '__man',
    summary: 'Print the man page cardqr(1), written from the command tree',
    hidden: true,
    examples: ['cardqr __man > cardqr.1 && man -l cardqr.1'],
    runs: '__man',
  },
];

export const LOADERS: Loaders = {
  'profiles add': () => import('./profiles/add.js').then((m) => m.profilesAdd),
  'profiles list': () => import('./profiles/manage.js').then((m) => m.profilesList),
  'profiles use': () => import('./profiles/manage.js').then((m) => m.profilesUse),
  'profiles show': () => import('./profiles/manage.js').then((m) => m.profilesShow),
  'profiles remove': () => import('./profiles/manage.js').then((m) => m.profilesRemove),
  'profiles set': () => import('./profiles/set.js').then((m) => m.profilesSet),
  me: () => import('./me/index.js').then((m) => m.me),
  status: () => import('./status/index.js').then((m) => m.status),
  'templates list': () => import('./templates/list.js').then((m) => m.templatesList),
  'templates get': () => import('./templates/get.js').then((m) => m.templatesGet),
  image: () => import('./image/index.js').then((m) => m.image),
  'analytics overview': () => import('./analytics/overview.js').then((m) => m.analyticsOverview),
  'analytics get': () => import('./analytics/get.js').then((m) => m.analyticsGet),
  api: () => import('./api/index.js').then((m) => m.api),
  emulator: () => import('./emulator/index.js').then((m) => m.emulator),
  completion: () => import('./completion/index.js').then((m) => m.completion),
  __complete: () => import('./completion/index.js').then((m) => m.complete),
  __man: () => import('./completion/index.js').then((m) => m.man),
};

// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say. The parser, help and completion read this, so a run loads only
// the definition of the command it names.
import type { Loaders } from './model/tree.js';
import type { ManifestGroup } from './model/manifest-types.js';

export const MANIFEST: ManifestGroup[] = [
  {
    heading: 'Set up:',
    nouns: [
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
            examples: [
              'cardqr profiles set prod --ca-file ~/corp-root-ca.pem',
              'cardqr profiles set prod --no-ca-file',
            ],
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
    ],
  },
  {
    heading: 'Cards and QR codes:',
    nouns: [
      {
        name: 'cards',
        summary: 'Digital business cards: list, show, create, update, delete, wallet links',
        examples: [
          'cardqr cards list --search laurent',
          'cardqr cards create --field firstName=Ada --field lastName=Lovelace',
          'cardqr cards update crd_123 --field title=CTO',
        ],
        commands: [
          {
            name: 'list',
            summary: 'List business cards, newest first (archived cards only with --status archived)',
            aliases: ['ls'],
            examples: [
              'cardqr cards list --search laurent',
              'cardqr cards list --template tpl_corporate --all -o csv > cards.csv',
              'cardqr cards list --status draft -q',
            ],
            options: [
              {
                key: 'search',
                flags: '--search <text>',
                help: 'case-insensitive partial match on the name, up to 200 characters',
              },
              {
                key: 'template',
                flags: '--template <template-id>',
                help: 'only cards built from this template',
              },
              {
                key: 'status',
                flags: '--status <status>',
                help: 'only cards with this status',
                choices: ['draft', 'published', 'paused', 'archived'],
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
            fields: {
              open: ['fields'],
            },
            runs: 'cards list',
          },
          {
            name: 'get',
            summary: "Show one card: status, paused flag, public URLs and the person's fields",
            examples: ['cardqr cards get crd_123', 'cardqr cards get crd_123 -o json | jq .fields'],
            args: [
              {
                key: 'id',
                name: '<card-id>',
                help: 'card id, e.g. crd_123 (a QR code id answers 404)',
              },
            ],
            fields: {
              open: ['fields'],
            },
            runs: 'cards get',
          },
          {
            name: 'create',
            summary: "Create a business card (published by default; counts against the plan's card allowance)",
            examples: [
              'cardqr cards create --field firstName=Ada --field lastName=Lovelace --email Work=ada@example.com',
              'cardqr cards create --template tpl_corporate --short-code ada-lovelace --data @ada.json',
              'cat ada.json | cardqr cards create --data - -o json',
              'cardqr cards create --data @ada.json --dry-run',
            ],
            options: [
              {
                key: 'name',
                flags: '--name <name>',
                help: 'label shown in the dashboard, 1-200 characters (default: first + last name)',
              },
              {
                key: 'template',
                flags: '--template <template-id>',
                help: 'template whose design and field rules the card takes (rules are checked before sending)',
              },
              {
                key: 'shortCode',
                flags: '--short-code <code>',
                help: 'slug of the public URL: letters, digits, hyphens, up to 100 (default: random 8 characters)',
              },
              {
                key: 'status',
                flags: '--status <status>',
                help: 'initial status (default: published)',
                choices: ['draft', 'published'],
              },
              {
                key: 'allowEmpty',
                flags: '--allow-empty',
                help: 'create the card even with no field given (an "Untitled card" still counts against the allowance)',
              },
              {
                key: 'dryRun',
                flags: '--dry-run',
                help: 'print the request body that would be sent and send nothing (the template is still read to check its rules)',
              },
              {
                key: 'field',
                flags: '--field <key=value>',
                help: 'set a field, e.g. title=CTO or address.city=Lyon; an empty value clears it (repeatable)',
                repeatable: true,
              },
              {
                key: 'email',
                flags: '--email <label=value>',
                help: 'an email address, e.g. Work=ada@example.com (repeatable; gives the whole emails list)',
                repeatable: true,
              },
              {
                key: 'phone',
                flags: '--phone <label=value>',
                help: 'a phone number, e.g. Mobile=+33612345678 (repeatable; gives the whole phones list)',
                repeatable: true,
              },
              {
                key: 'link',
                flags: '--link <type=url>',
                help: 'a link, e.g. linkedin=linkedin.com/in/ada (repeatable; gives the whole links list)',
                repeatable: true,
              },
              {
                key: 'data',
                flags: '--data <json>',
                help: 'fields as JSON: @file.json, - for stdin, or inline; a {"fields": {...}} document, or a card as `cards get -o json` prints it (its other keys are not sent), also works',
              },
              {
                key: 'allowUnknownFields',
                flags: '--allow-unknown-fields',
                help: 'send field keys this tool does not know (the API drops unknown keys silently)',
              },
              {
                key: 'idempotencyKey',
                flags: '--idempotency-key <key>',
                help: 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)',
              },
            ],
            fields: {
              open: ['fields'],
            },
            runs: 'cards create',
          },
          {
            name: 'update',
            summary:
              "Change a card's fields (merged into its current data unless --replace); asks before clearing data or renaming (--yes in scripts)",
            examples: [
              'cardqr cards update crd_123 --field title=CTO',
              'cardqr cards update crd_123 --phone Mobile=+33612345678 --field address.city=Lyon',
              'cardqr cards update crd_123 --replace --data @complete-fields.json',
              'cardqr cards update crd_123 --unlink-template',
              'cardqr cards update crd_123 --template tpl_event --dry-run',
            ],
            args: [
              {
                key: 'id',
                name: '<card-id>',
                help: 'card id, e.g. crd_123',
              },
            ],
            options: [
              {
                key: 'template',
                flags: '--template <template-id>',
                help: "link the card to this template's field rules",
              },
              {
                key: 'unlinkTemplate',
                flags: '--unlink-template',
                help: 'unlink the card from its template (templateId null)',
              },
              {
                key: 'replace',
                flags: '--replace',
                help: 'send exactly the given fields: scalar fields not given are CLEARED (rich sections not given are kept)',
              },
              {
                key: 'dryRun',
                flags: '--dry-run',
                help: 'print the merged document that would be sent (PATCH body) and what it would clear or rename; send nothing',
              },
              {
                key: 'field',
                flags: '--field <key=value>',
                help: 'set a field, e.g. title=CTO or address.city=Lyon; an empty value clears it (repeatable)',
                repeatable: true,
              },
              {
                key: 'email',
                flags: '--email <label=value>',
                help: 'an email address, e.g. Work=ada@example.com (repeatable; gives the whole emails list)',
                repeatable: true,
              },
              {
                key: 'phone',
                flags: '--phone <label=value>',
                help: 'a phone number, e.g. Mobile=+33612345678 (repeatable; gives the whole phones list)',
                repeatable: true,
              },
              {
                key: 'link',
                flags: '--link <type=url>',
                help: 'a link, e.g. linkedin=linkedin.com/in/ada (repeatable; gives the whole links list)',
                repeatable: true,
              },
              {
                key: 'data',
                flags: '--data <json>',
                help: 'fields as JSON: @file.json, - for stdin, or inline; a {"fields": {...}} document, or a card as `cards get -o json` prints it (its other keys are not sent), also works',
              },
              {
                key: 'allowUnknownFields',
                flags: '--allow-unknown-fields',
                help: 'send field keys this tool does not know (the API drops unknown keys silently)',
              },
              {
                key: 'idempotencyKey',
                flags: '--idempotency-key <key>',
                help: 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)',
              },
            ],
            fields: {
              open: ['fields'],
            },
            runs: 'cards update',
          },
          {
            name: 'delete',
            summary: 'Move cards to Trash: their public URLs stop at once (restore only in the dashboard)',
            aliases: ['rm'],
            examples: ['cardqr cards delete crd_123', 'cardqr cards delete crd_123 crd_456 --yes'],
            args: [
              {
                key: 'ids',
                name: '<card-id...>',
                help: 'one or more card ids, or - to read them from standard input (one per line)',
              },
            ],
            options: [
              {
                key: 'report',
                flags: '--report <file>',
                help: 'an append-only NDJSON report of every deletion',
              },
            ],
            fields: {
              open: ['fields'],
            },
            runs: 'cards delete',
          },
          {
            name: 'wallet',
            summary: "Show a card's Apple and Google wallet pass links and install counts",
            examples: ['cardqr cards wallet crd_123', 'cardqr cards wallet crd_123 -o json | jq -r .apple'],
            args: [
              {
                key: 'id',
                name: '<card-id>',
                help: 'card id, e.g. crd_123',
              },
            ],
            fields: {},
            runs: 'cards wallet',
          },
        ],
      },
      {
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
            summary:
              'Move QR codes to Trash: their short links stop redirecting at once (restore only in the dashboard)',
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
            summary:
              'Archive QR codes: they stop redirecting and leave the default list (same as update --status archived)',
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
    ],
  },
  {
    heading: 'Images:',
    nouns: [
      {
        name: 'image',
        summary: 'Save the QR image of cards or QR codes to files (or one image to standard output)',
        examples: [
          'cardqr image qr_123 -f svg -O booth.svg',
          'cardqr image crd_1 crd_2 --size 1024 -d print/',
          'cardqr cards list --all -q | cardqr image - -f pdf -d qr/',
          'cardqr image qr_123 -O - --transparent > code.png',
        ],
        details:
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
        name: 'print',
        summary: 'Lay out QR codes of cards or QR codes into one print-ready PDF (label sheets or one per page)',
        examples: [
          'cardqr print qr_1 qr_2 qr_3 --sheet L7651 -O sheet.pdf',
          'cardqr print crd_123 --size 30mm --caption name -O badge.pdf',
          'cardqr qr list --all -q | cardqr print - --sheet 5160 --verify -O labels.pdf',
          'cardqr print --from-report fair.csv.report.ndjson --sheet L7651 --caption shortCode --verify-links -O fair.pdf',
        ],
        commands: [
          {
            name: 'audit',
            summary: 'Re-read every code of a print run and list those now paused, deleted or pointing elsewhere',
            examples: ['cardqr print audit last'],
            args: [
              {
                key: 'run',
                name: '<run>',
                help: 'run id, last, or the path of a ledger file',
              },
            ],
            runs: 'print audit',
          },
          {
            name: 'retarget',
            summary: 'Point every QR code of a print run at one destination (cards have none to move)',
            examples: ['cardqr print retarget last --url https://example.com/campaign-over --yes'],
            args: [
              {
                key: 'run',
                name: '<run>',
                help: 'run id, last, or the path of a ledger file',
              },
            ],
            options: [
              {
                key: 'url',
                flags: '--url <url>',
                help: 'the new destination, a full http or https URL',
                required: true,
              },
              {
                key: 'report',
                flags: '--report <file>',
                help: 'an append-only NDJSON report of every change',
              },
            ],
            runs: 'print retarget',
          },
        ],
        details:
          "\nSheets:\n  L7160  Avery L7160, 21 labels 63.5 × 38.1 mm (3 × 7), A4\n  L7163  Avery L7163, 14 labels 99.1 × 38.1 mm (2 × 7), A4\n  L7651  Avery L7651, 65 labels 38.1 × 21.2 mm (5 × 13), A4\n  5160   Avery 5160, 30 labels 2.625 × 1 in (3 × 10), US Letter\n  5163   Avery 5163, 10 labels 4 × 2 in (2 × 5), US Letter\n\nOutput:\n  The PDF's path on standard output (-o json: run id, file, pages, codes, ledger). Progress, the\n  summary and warnings on standard error. Each run is recorded in the ledger (see print audit).\n",
        args: [
          {
            key: 'ids',
            name: '[id...]',
            help: 'card or QR code ids; - reads ids from standard input, one per line',
          },
        ],
        options: [
          {
            key: 'out',
            flags: '-O, --out <file.pdf>',
            help: 'the PDF to write (required; never overwritten without --force)',
          },
          {
            key: 'sheet',
            flags: '--sheet <preset>',
            help: 'label sheet preset',
            choices: ['L7160', 'L7163', 'L7651', '5160', '5163'],
          },
          {
            key: 'grid',
            flags: '--grid <CxR>',
            help: 'custom label sheet: columns x rows (with --cell)',
          },
          {
            key: 'cell',
            flags: '--cell <WxH>',
            help: 'custom label size, such as 63.5x38.1mm',
          },
          {
            key: 'margin',
            flags: '--margin <top[,left]>',
            help: 'custom sheet: top and left margin (default: 0mm)',
          },
          {
            key: 'gap',
            flags: '--gap <x[,y]>',
            help: 'custom sheet: space between labels (default: 0mm)',
          },
          {
            key: 'page',
            flags: '--page <size>',
            help: 'custom sheet paper (default: a4)',
            choices: ['a4', 'letter'],
          },
          {
            key: 'padding',
            flags: '--padding <length>',
            help: 'space kept clear inside each label (default: 1.5mm)',
          },
          {
            key: 'size',
            flags: '--size <length>',
            help: 'one code per page at this width, quiet zone included (such as 30mm or 1.2in)',
          },
          {
            key: 'bleed',
            flags: '--bleed <length>',
            help: 'one code per page: bleed around the trim (default: 3mm)',
          },
          {
            key: 'caption',
            flags: '--caption <text>',
            help: "caption: name, url, shortCode, id, or a template such as '{name} · {shortCode}'",
          },
          {
            key: 'font',
            flags: '--font <file>',
            help: 'caption font (TrueType/OpenType), repeatable, in fallback order; built in: Helvetica (Latin-1)',
            repeatable: true,
          },
          {
            key: 'dpi',
            flags: '--dpi <n>',
            help: 'printer resolution for the module-size floor (default: 300)',
          },
          {
            key: 'includeInactive',
            flags: '--include-inactive',
            help: 'place codes whose link will not open (paused or archived) instead of leaving them off (exit 7)',
          },
          {
            key: 'verify',
            flags: '--verify',
            help: 'decode every placed code and compare it with the object url; mismatches are left out (exit 7)',
          },
          {
            key: 'verifyLinks',
            flags: '--verify-links',
            help: "ask each code's public link whether it opens (one HEAD request per code, redirects not followed; the service may count a check as a scan): a link answering 423, 404 or 410 is left out (exit 7). Off by default",
          },
          {
            key: 'fromReport',
            flags: '--from-report <file>',
            help: 'also print every created or existing card of a campaign import report, or every created or updated code of a qr apply report',
          },
          {
            key: 'force',
            flags: '--force',
            help: 'replace the PDF if it exists',
          },
        ],
        runs: 'print',
      },
    ],
  },
  {
    heading: 'Analytics and leads:',
    nouns: [
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
      },
      {
        name: 'leads',
        summary:
          'List, show, export and follow leads, and replay deliveries that failed (form submissions, contact exchanges, scanned and typed-in cards)',
        examples: [
          'cardqr leads list --since 2026-05-01T00:00:00Z',
          'cardqr leads export --state leads.state.json --out leads.ndjson',
          'cardqr leads follow --state leads.state.json --exec ./store-lead.sh --dead-letter dead.ndjson',
          'cardqr leads replay dead.ndjson',
        ],
        commands: [
          {
            name: 'list',
            summary: 'List leads collected on cards and pages, newest first',
            aliases: ['ls'],
            examples: [
              'cardqr leads list --source form --since 2026-05-01T00:00:00Z',
              'cardqr leads list --since 7d',
              'cardqr leads list --since 2026-05-01 --tz Europe/Paris',
              'cardqr leads list --card crd_123 --all -o csv > leads.csv',
              'cardqr leads list --all --preset hubspot > hubspot-contacts.csv',
              'cardqr leads list --all -o vcf > leads.vcf',
              'cardqr leads list --crm-status failed,held_plan,expired',
            ],
            options: [
              {
                key: 'card',
                flags: '--card <card-id>',
                help: 'only leads on this card or page',
              },
              {
                key: 'source',
                flags: '--source <source>',
                help: 'only leads from this source',
                choices: ['form', 'exchange', 'scan', 'manual'],
              },
              {
                key: 'includeArchived',
                flags: '--include-archived',
                help: 'include archived leads (default: left out)',
              },
              {
                key: 'crmStatus',
                flags: '--crm-status <s,…>',
                help: 'only leads with this CRM (HubSpot) status, comma-separated: sent, pending, retrying, failed, held_locked, held_plan, held_disconnected, skipped_no_email, expired, or none (the form does not send to the CRM); reads every page',
              },
              {
                key: 'preset',
                flags: '--preset <crm>',
                help: 'CSV with the columns a CRM importer maps by itself: hubspot or salesforce (README "CRM presets"); locked leads are skipped',
              },
              {
                key: 'vcardVersion',
                flags: '--vcard-version <version>',
                help: 'with -o vcf: 4.0 (RFC 6350, default) or 3.0 for older phones',
              },
              {
                key: 'since',
                flags: '--since <when>',
                help: 'only leads created at or after: YYYY-MM-DD (midnight UTC, or in --tz), an ISO 8601 date-time, or a duration back from now: 30m, 24h, 7d, 2w',
              },
              {
                key: 'tz',
                flags: '--tz <zone>',
                help: 'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)',
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
            runs: 'leads list',
          },
          {
            name: 'get',
            summary: 'Show one lead with every answer: contact, source, card, consent and CRM status',
            examples: [
              'cardqr leads get lead_123',
              'cardqr leads get lead_123 -o json | jq .answers',
              'cardqr leads get lead_123 -o vcf > lead.vcf',
            ],
            args: [
              {
                key: 'leadId',
                name: '<lead-id>',
                help: 'lead id',
              },
            ],
            options: [
              {
                key: 'vcardVersion',
                flags: '--vcard-version <version>',
                help: 'with -o vcf: 4.0 (RFC 6350, default) or 3.0 for older phones',
              },
            ],
            fields: {},
            runs: 'leads get',
          },
          {
            name: 'export',
            summary: 'Export every lead created since the last run, oldest first: incremental and safe under cron',
            examples: [
              'cardqr leads export --state ~/leads.state.json --out leads-$(date +%F).ndjson',
              'cardqr leads export --state leads.state.json -o csv --since 2026-01-01T00:00:00Z > leads.csv',
              'cardqr leads export --state leads.state.json --preset hubspot --locked-window 7d --out hubspot.csv',
            ],
            details:
              '\nOutput: -o ndjson (default), csv, json or vcf (vCards), or --preset hubspot|salesforce, oldest lead first. Archived leads are included.\nCSV columns: id, createdAt, source, trigger, cardId, cardName, formName, locked, archived,\n  contact.name, contact.email, contact.phone, contact.company, contact.title, country, city,\n  marketingOptIn, consentAt, hubspot.status, answers ("label: value; label: value").\n  A locked lead has locked=true and empty contact cells.\nThe state file is replaced only after the whole output is written, so two runs never export a lead\ntwice and a crash never skips one (a run killed after writing but before saving the state exports\nthe same leads again next time). A lead exported while locked (no contact yet) is remembered in the\nstate file and re-read (GET /leads/:id) on each later run, for --locked-window; the run that finds it\nunlocked exports it once more, with its contact, before the new leads. A second run on the same state file stops with exit 2 while the\nfirst holds <file>.lock; a lock left by a process that no longer exists is taken over.\nOn success it prints one summary line on stderr (nothing with -q).\n\nCron (crontab -e; % must be written \\% there):\n  15 * * * * cardqr --profile prod -q leads export --state /var/lib/cardqr/leads.state --out /var/lib/cardqr/leads-$(date +\\%F-\\%H).ndjson\n',
            options: [
              {
                key: 'state',
                flags: '--state <file>',
                help: 'state file keeping the cursor; created by the first run; <file>.lock is held while running',
                required: true,
              },
              {
                key: 'out',
                flags: '--out <file>',
                help: 'write to this file (default: standard output); an existing export file is added to, never replaced (json: refused)',
              },
              {
                key: 'since',
                flags: '--since <when>',
                help: 'first run only (default: every lead): start at leads created at or after: YYYY-MM-DD (midnight UTC, or in --tz), an ISO 8601 date-time, or a duration back from now: 30m, 24h, 7d, 2w',
              },
              {
                key: 'tz',
                flags: '--tz <zone>',
                help: 'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)',
              },
              {
                key: 'lockedWindow',
                flags: '--locked-window <duration>',
                help: 'how long a lead exported while locked (no contact yet) is re-read with GET /leads/:id before it is given up: 30d, 12h, 90m (a bare number is seconds) (default: 30d)',
              },
              {
                key: 'preset',
                flags: '--preset <crm>',
                help: 'CSV with the columns a CRM importer maps by itself: hubspot or salesforce (README "CRM presets"); locked leads are skipped',
              },
              {
                key: 'vcardVersion',
                flags: '--vcard-version <version>',
                help: 'with -o vcf: 4.0 (RFC 6350, default) or 3.0 for older phones',
              },
            ],
            fields: {},
            runs: 'leads export',
          },
          {
            name: 'follow',
            summary: 'Poll for new leads and deliver each one once, oldest first, until stopped (no webhooks needed)',
            examples: [
              'cardqr leads follow --state leads.state.json | ./on-lead.sh',
              'cardqr leads follow --state leads.state.json --interval 1m --exec ./store-lead.sh --dead-letter dead.ndjson',
              'CARDQR_FORWARD_SECRET=… cardqr leads follow --state leads.state.json --forward-to https://crm.example.com/hooks/cardqr --dead-letter dead.ndjson --max-attempts 5 --delivery-timeout 10s',
              'cardqr leads follow --state new.state.json --since 2026-05-01 --locked-window 7d > leads.ndjson',
            ],
            details:
              '\nEach delivery is one JSON object: {"type":"lead.created"|"lead.unlocked","lead":{…the lead as the API sent it}}.\nTargets: standard output (default; one NDJSON line per delivery, flushed at once), --exec or --forward-to.\nA failed --exec/--forward-to attempt is retried after 1 s, 2 s, 4 s … (at most 5 min apart). A refusal\n(HTTP 4xx; --exec: an exit status other than 0 and 75) is appended to --dead-letter after --max-attempts\n(the delivery, its target, attempts, last error) and the next lead goes on. "Down" (no answer, a timeout,\na 5xx; --exec exit 75): after --max-attempts the next lead is tried once; if it fails too the target is\ndown: nothing is dead-lettered, the cursor stays, tries go on at most 5 min apart (said once, and once\nwhen it is back); if it goes through, the first lead goes to --dead-letter. Re-send the dead letter\nwith `cardqr leads replay <file>`.\nThe cursor (the --state file, shared with `leads export`) is saved after every delivered or dead-lettered\nlead: killed at any moment, the next run delivers at most the one lead in flight again and loses none.\nSIGINT/SIGTERM: the delivery in flight finishes, the state is saved, exit 0.\nA lead delivered while locked (no contact yet) is re-read every max(10 × interval, 5 min) for\n--locked-window and delivered again as lead.unlocked once its contact is there.\nRequests stay under half the key\'s rate limit (GET /me), polls included.',
            options: [
              {
                key: 'state',
                flags: '--state <file>',
                help: 'state file keeping the cursor (the `leads export` format: either command continues the other); <file>.lock is held while running',
                required: true,
              },
              {
                key: 'interval',
                flags: '--interval <duration>',
                help: "time between polls: 30s, 2m, 1h, 500ms (a bare number is seconds); never shorter than the key's rate limit leaves room for (default: 30s)",
              },
              {
                key: 'exec',
                flags: '--exec <cmd>',
                help: 'run `/bin/sh -c <cmd>` per delivery: the JSON on stdin, CARDQR_LEAD_ID set; exit 0 = delivered',
              },
              {
                key: 'forwardTo',
                flags: '--forward-to <url>',
                help: 'POST each delivery to this URL, signed with CARDQR_FORWARD_SECRET (Cardqr-Signature header); 2xx = delivered; http:// only to localhost',
              },
              {
                key: 'deadLetter',
                flags: '--dead-letter <file.ndjson>',
                help: 'with --exec or --forward-to (required there): a delivery refused --max-attempts times (or failing alone while the next lead goes through) is appended here with its target, and the next lead goes on; <file>.lock is held while running (`leads replay <file>` sends them again)',
              },
              {
                key: 'maxAttempts',
                flags: '--max-attempts <n>',
                help: 'attempts per delivery before the dead letter, 1-100 (default: 8)',
              },
              {
                key: 'deliveryTimeout',
                flags: '--delivery-timeout <duration>',
                help: 'an --exec command (its whole process group is killed) or --forward-to answer that takes longer fails the attempt (default: 30s)',
              },
              {
                key: 'since',
                flags: '--since <when>',
                help: 'first run only, ignored once the state has a cursor (default: every lead): start at leads created at or after: YYYY-MM-DD (midnight UTC, or in --tz), an ISO 8601 date-time, or a duration back from now: 30m, 24h, 7d, 2w',
              },
              {
                key: 'tz',
                flags: '--tz <zone>',
                help: 'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)',
              },
              {
                key: 'lockedWindow',
                flags: '--locked-window <duration>',
                help: 'how long a lead exported while locked (no contact yet) is re-read with GET /leads/:id before it is given up: 30d, 12h, 90m (a bare number is seconds) (default: 30d)',
              },
            ],
            fields: {},
            runs: 'leads follow',
          },
          {
            name: 'replay',
            summary: "Send the deliveries in a `leads follow` dead letter again, to each line's recorded target",
            examples: [
              'cardqr leads replay dead.ndjson --dry-run',
              'CARDQR_FORWARD_SECRET=$(cat /etc/cardqr/forward.secret) cardqr leads replay /var/lib/cardqr/dead.ndjson',
            ],
            details:
              '\nEach line of a --dead-letter file of `leads follow` records the delivery and its target (the --forward-to\nURL or the --exec command; never the secret). Every line is sent once more, in order, the same way follow\nsends: a URL gets one POST signed with CARDQR_FORWARD_SECRET, a command runs with the JSON on stdin.\nA delivered line is removed from the file (rewritten atomically after each one); a line that fails again\nstays as it was. A line failing as "down" (no answer, a timeout, a 5xx; exit 75) is followed by one try of\nthe next line for that target: failing too, the target is down and its later lines are left for later.\nThe file\'s lock is the one `leads follow` holds on its dead letter: a replay while a follow writes there\n(or the other way round) is refused, exit 2. No question is asked: a replay sends to your own receiver\nand writes nothing to the account. --dry-run lists the lines instead (stdout; -o json for data).\nCommands recorded in a file that others can write are refused (exit 2): they would run as you.\nExit status: 0 every line delivered (or none to send), 7 some lines still failing (kept), 6 a target down.',
            args: [
              {
                key: 'file',
                name: '<dead-letter>',
                help: 'the --dead-letter file of leads follow (NDJSON)',
              },
            ],
            options: [
              {
                key: 'dryRun',
                flags: '--dry-run',
                help: 'list what would be sent (line, lead, type, target, attempts, last error); nothing is sent',
              },
              {
                key: 'deliveryTimeout',
                flags: '--delivery-timeout <duration>',
                help: 'a command (its whole process group is killed) or receiver that takes longer fails the line (default: 30s)',
              },
            ],
            runs: 'leads replay',
          },
          {
            name: 'crm-report',
            summary: 'Count leads by CRM (HubSpot) delivery status and list the ones that need a person',
            examples: ['cardqr leads crm-report', 'cardqr leads crm-report --since 30d -o json | jq .needsAttention'],
            details:
              "\nReads every lead (all pages). Statuses: sent, pending, retrying, failed, held_locked, held_plan, held_disconnected, skipped_no_email, expired; others the API adds later are\ncounted as they come; none = the lead's form does not send to the CRM. Failed, held_* and expired\nleads are listed with their error and card. -o json gives the report as data.",
            options: [
              {
                key: 'includeArchived',
                flags: '--include-archived',
                help: 'include archived leads (default: left out)',
              },
              {
                key: 'since',
                flags: '--since <when>',
                help: 'only leads created at or after: YYYY-MM-DD (midnight UTC, or in --tz), an ISO 8601 date-time, or a duration back from now: 30m, 24h, 7d, 2w',
              },
              {
                key: 'tz',
                flags: '--tz <zone>',
                help: 'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)',
              },
            ],
            fields: {},
            runs: 'leads crm-report',
          },
        ],
      },
    ],
  },
  {
    heading: 'Campaigns:',
    nouns: [
      {
        name: 'campaigns',
        summary: 'Campaign ingestion: read campaigns and schemas, dry-run a record, create cards, import a CSV',
        commands: [
          {
            name: 'list',
            summary: 'List campaigns (a campaign-scoped key sees only its own)',
            aliases: ['ls'],
            examples: ['cardqr campaigns list', 'cardqr campaigns list --all -o csv > campaigns.csv'],
            options: [
              {
                key: 'limit',
                flags: '--limit <n>',
                help: 'items per page, 1-100 (default: 20)',
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
            runs: 'campaigns list',
          },
          {
            name: 'get',
            summary: 'Show one campaign: status and API switch (both must be on for API requests)',
            examples: ['cardqr campaigns get cmp_123', 'cardqr campaigns get cmp_123 -o json | jq .status'],
            args: [
              {
                key: 'id',
                name: '<campaign-id>',
                help: 'campaign id, e.g. cmp_123',
              },
            ],
            fields: {},
            runs: 'campaigns get',
          },
          {
            name: 'schema',
            summary: "Show what a campaign's create-card body looks like: fields, sections, blocks and a ready sample",
            examples: [
              'cardqr campaigns schema cmp_123',
              'cardqr campaigns schema cmp_123 -o json | jq .sample > record.json',
            ],
            args: [
              {
                key: 'id',
                name: '<campaign-id>',
                help: 'campaign id, e.g. cmp_123',
              },
            ],
            fields: {},
            runs: 'campaigns schema',
          },
          {
            name: 'test',
            summary:
              'Dry run: show how the campaign would turn a record into a card, creating nothing (exit 0 when it would be accepted, 5 otherwise)',
            examples: [
              'cardqr campaigns test cmp_123 --data @record.json',
              'cardqr campaigns schema cmp_123 -o json | jq .sample | cardqr campaigns test cmp_123 --data -',
            ],
            args: [
              {
                key: 'id',
                name: '<campaign-id>',
                help: 'campaign id, e.g. cmp_123',
              },
            ],
            options: [
              {
                key: 'data',
                flags: '--data <json>',
                help: 'the record: @file.json, - for standard input, or inline JSON',
                required: true,
              },
            ],
            fields: {},
            runs: 'campaigns test',
          },
          {
            name: 'create-card',
            summary: "Create one card from a record through the campaign's template and mapping",
            examples: [
              'cardqr campaigns create-card cmp_123 --data @record.json',
              'cardqr campaigns create-card cmp_123 --data @record.json --idempotency-key hris-EMP-1001',
            ],
            args: [
              {
                key: 'id',
                name: '<campaign-id>',
                help: 'campaign id, e.g. cmp_123',
              },
            ],
            options: [
              {
                key: 'data',
                flags: '--data <json>',
                help: 'the record: @file.json, - for standard input, or inline JSON',
                required: true,
              },
              {
                key: 'idempotencyKey',
                flags: '--idempotency-key <key>',
                help: 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)',
              },
            ],
            fields: {
              open: ['fields'],
            },
            runs: 'campaigns create-card',
          },
          {
            name: 'import',
            summary:
              'Import a CSV file into a campaign: one card per row, each created exactly once (validated first, resumable)',
            examples: [
              'cardqr campaigns import cmp_123 people.csv --validate-only',
              'cardqr campaigns import cmp_123 people.csv --set emails.0.label=Work --validate-only --offline',
              'cardqr campaigns import cmp_123 people.csv --max-rows 5',
              'cardqr campaigns import cmp_123 people.csv --resume',
              'cardqr campaigns import cmp_123 people.csv --rejects rejects.csv && cardqr campaigns import cmp_123 rejects.csv',
              'cardqr campaigns import cmp_123 export.csv --delimiter ";" --encoding latin1 --concurrency 4',
              'cardqr campaigns import cmp_123 roster.csv --update --trash-missing --dry-run',
              'cardqr campaigns import cmp_123 roster.csv --update --trash-missing --max-trash 25 --yes',
            ],
            details:
              "\nBefore sending anything the whole file is checked (columns known to the campaign schema, required\nvalues, identifiers present, valid and unique, short codes, 1,000,000 bytes per body); any problem stops the\nimport with every problem listed by line, unless --skip-invalid. Each row is sent with an\nIdempotency-Key derived from the campaign, its identifier and its content, and its outcome is\nappended to the report (created, exists, failed, invalid, skipped) before the next request.\nInterrupted (Ctrl-C, kill) or partly failed, it prints the exact command that resumes it.\nA report is never overwritten: each run appends its own header. A changed file (or the same file\nafter a finished run) starts a new run without a flag; an unfinished run of the same file asks for\n--resume. If the first 5 rows sent are all refused the same way, the import stops (exit 7).\n--validate-only checks every rule the schema states, then sends up to 5 rows of distinct shape to\nthe campaign's dry run (creates nothing); --offline sends none.\n\n--update reads the campaign's cards first (the cards of its template, by externalId) and prints the\nplan: would create N, update M (each changed field, old → new), unchanged K, invalid J. A changed\ncard gets one PATCH of its complete fields with the row's values set: empty cells and columns the\nfile lacks leave the card's value as it is. --trash-missing adds the cards whose identifier the\nfile does not hold, to move to Trash (never more than --max-trash). Updates and trashes are asked\nabout on a terminal; in scripts pass --yes. --dry-run stops after the plan; -o json gives it as data.\nOutcomes (summaries count them destructive first): trashed, updated, created, exists, unchanged,\nfailed, invalid, skipped.\n\nExit status: 0 every row imported, 2 problems in the file, a refused question or a --max-trash\nbound (nothing sent), 3 campaign closed to the API or key refused, 7 some rows failed or were\ninvalid, 130 interrupted (resume it).\n",
            args: [
              {
                key: 'campaignId',
                name: '<campaign-id>',
                help: 'campaign id, e.g. cmp_123',
              },
              {
                key: 'file',
                name: '<file.csv>',
                help: 'the rows; the first line names the columns (see `cardqr campaigns schema`)',
              },
            ],
            options: [
              {
                key: 'dryRun',
                flags: '--dry-run',
                help: 'send every row to the dry-run endpoint, creates nothing; ends with the plan: would create N, already exist M, invalid K',
              },
              {
                key: 'validateOnly',
                flags: '--validate-only',
                help: "check the file against every rule the campaign schema states, then send up to 5 rows of distinct shape to the campaign's dry run (creates nothing)",
              },
              {
                key: 'offline',
                flags: '--offline',
                help: 'with --validate-only: the local checks only, no dry-run request',
              },
              {
                key: 'set',
                flags: '--set <path=value>',
                help: 'a constant for every row, e.g. --set emails.0.label=Work (repeatable); a column of the file with that name wins where its cell has a value',
                repeatable: true,
              },
              {
                key: 'report',
                flags: '--report <file>',
                help: 'append-only NDJSON report (default: <file.csv>.report.ndjson; dry runs: <file.csv>.dry-run.report.ndjson)',
              },
              {
                key: 'resume',
                flags: '--resume',
                help: "continue the report's last run (same file): rows created or exists are skipped, the rest sent again with the same keys",
              },
              {
                key: 'delimiter',
                flags: '--delimiter <char>',
                help: 'field delimiter, e.g. ; or | or tab (default: a comma, or ; tab | when the header line holds no comma but one of them)',
              },
              {
                key: 'map',
                flags: '--map <column=name>',
                help: "read a column of the file as one of the campaign's, e.g. --map 'Email=emails.0.value' (repeatable)",
                repeatable: true,
              },
              {
                key: 'mapFile',
                flags: '--map-file <file>',
                help: 'the same, one `Column=name` a line (# starts a comment)',
              },
              {
                key: 'encoding',
                flags: '--encoding <name>',
                help: 'file encoding: utf8, utf-16le, latin1, windows-1252, shift_jis … (default: utf8, or UTF-16 by its byte-order mark)',
              },
              {
                key: 'concurrency',
                flags: '--concurrency <n>',
                help: 'requests in flight, 1-16 (default: 1)',
              },
              {
                key: 'rate',
                flags: '--rate <n>',
                help: "requests per minute at most (default: the key's limit from GET /me)",
              },
              {
                key: 'skipInvalid',
                flags: '--skip-invalid',
                help: 'record invalid rows in the report (outcome invalid) and import the others',
              },
              {
                key: 'idColumn',
                flags: '--id-column <path>',
                help: "mapped campaigns: the column (record path, e.g. employee.id) holding each row's identifier; without it each row's identifier is found with one dry-run request",
              },
              {
                key: 'rejects',
                flags: '--rejects <file.csv>',
                help: 'write every row that failed or was invalid (original cells + line, errorCode, message) to this CSV, ready to fix and import as it is',
              },
              {
                key: 'maxRows',
                flags: '--max-rows <n>',
                help: 'import only the first n rows: a rehearsal on live data',
              },
              {
                key: 'update',
                flags: '--update',
                help: 'rows whose identifier already has a card of the campaign update it (one PATCH per changed card; fields the file does not hold are kept); shows the plan and asks first (--yes in scripts)',
              },
              {
                key: 'trashMissing',
                flags: '--trash-missing',
                help: "with --update: move the campaign's cards whose identifier the file does not hold to Trash (restorable in the dashboard); asks first",
              },
              {
                key: 'maxTrash',
                flags: '--max-trash <n>',
                help: 'with --trash-missing: refuse (nothing sent) when more than n cards would go to Trash (default: 10)',
              },
            ],
            runs: 'campaigns import',
          },
        ],
      },
    ],
  },
  {
    heading: 'Advanced:',
    nouns: [
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
    ],
  },
  {
    heading: 'Shell:',
    nouns: [
      {
        name: 'completion',
        summary: 'Print the shell completion script for bash, zsh or fish (it never edits rc files)',
        examples: ['cardqr completion zsh > "${fpath[1]}/_cardqr"', 'source <(cardqr completion bash)'],
        details:
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
    ],
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
  'cards list': () => import('./cards/list.js').then((m) => m.cardsList),
  'cards get': () => import('./cards/get.js').then((m) => m.cardsGet),
  'cards create': () => import('./cards/create.js').then((m) => m.cardsCreate),
  'cards update': () => import('./cards/update.js').then((m) => m.cardsUpdate),
  'cards delete': () => import('./cards/delete.js').then((m) => m.cardsDelete),
  'cards wallet': () => import('./cards/wallet.js').then((m) => m.cardsWallet),
  'qr list': () => import('./qr/list.js').then((m) => m.qrList),
  'qr get': () => import('./qr/get.js').then((m) => m.qrGet),
  'qr create': () => import('./qr/create.js').then((m) => m.qrCreate),
  'qr update': () => import('./qr/update.js').then((m) => m.qrUpdate),
  'qr delete': () => import('./qr/delete.js').then((m) => m.qrDelete),
  'qr apply': () => import('./qr/apply.js').then((m) => m.qrApply),
  'qr pause': () => import('./qr/status.js').then((m) => m.qrPause),
  'qr publish': () => import('./qr/status.js').then((m) => m.qrPublish),
  'qr archive': () => import('./qr/status.js').then((m) => m.qrArchive),
  'templates list': () => import('./templates/list.js').then((m) => m.templatesList),
  'templates get': () => import('./templates/get.js').then((m) => m.templatesGet),
  image: () => import('./image/index.js').then((m) => m.image),
  print: () => import('./print/index.js').then((m) => m.print),
  'print audit': () => import('./print/audit.js').then((m) => m.printAudit),
  'print retarget': () => import('./print/retarget.js').then((m) => m.printRetarget),
  'analytics overview': () => import('./analytics/overview.js').then((m) => m.analyticsOverview),
  'analytics get': () => import('./analytics/get.js').then((m) => m.analyticsGet),
  'leads list': () => import('./leads/list.js').then((m) => m.leadsList),
  'leads get': () => import('./leads/get.js').then((m) => m.leadsGet),
  'leads export': () => import('./leads/export.js').then((m) => m.leadsExport),
  'leads follow': () => import('./leads/follow.js').then((m) => m.leadsFollow),
  'leads replay': () => import('./leads/replay.js').then((m) => m.leadsReplay),
  'leads crm-report': () => import('./leads/crm-report.js').then((m) => m.leadsCrmReport),
  'campaigns list': () => import('./campaigns/list.js').then((m) => m.campaignsList),
  'campaigns get': () => import('./campaigns/get.js').then((m) => m.campaignsGet),
  'campaigns schema': () => import('./campaigns/schema.js').then((m) => m.campaignsSchema),
  'campaigns test': () => import('./campaigns/test.js').then((m) => m.campaignsTest),
  'campaigns create-card': () => import('./campaigns/create-card.js').then((m) => m.campaignsCreateCard),
  'campaigns import': () => import('./campaigns/import.js').then((m) => m.campaignsImport),
  api: () => import('./api/index.js').then((m) => m.api),
  emulator: () => import('./emulator/index.js').then((m) => m.emulator),
  completion: () => import('./completion/index.js').then((m) => m.completion),
  __complete: () => import('./completion/index.js').then((m) => m.complete),
  __man: () => import('./completion/index.js').then((m) => m.man),
};

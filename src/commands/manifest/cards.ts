// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
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
};

export const loaders: Loaders = {
  'cards list': () => import('../cards/list.js').then((m) => m.cardsList),
  'cards get': () => import('../cards/get.js').then((m) => m.cardsGet),
  'cards create': () => import('../cards/create.js').then((m) => m.cardsCreate),
  'cards update': () => import('../cards/update.js').then((m) => m.cardsUpdate),
  'cards delete': () => import('../cards/delete.js').then((m) => m.cardsDelete),
  'cards wallet': () => import('../cards/wallet.js').then((m) => m.cardsWallet),
};

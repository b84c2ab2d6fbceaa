// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
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
};

export const loaders: Loaders = {
  'campaigns list': () => import('../campaigns/list.js').then((m) => m.campaignsList),
  'campaigns get': () => import('../campaigns/get.js').then((m) => m.campaignsGet),
  'campaigns schema': () => import('../campaigns/schema.js').then((m) => m.campaignsSchema),
  'campaigns test': () => import('../campaigns/test.js').then((m) => m.campaignsTest),
  'campaigns create-card': () => import('../campaigns/create-card.js').then((m) => m.campaignsCreateCard),
  'campaigns import': () => import('../campaigns/import.js').then((m) => m.campaignsImport),
};

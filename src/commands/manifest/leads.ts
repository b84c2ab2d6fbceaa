// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
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
};

export const loaders: Loaders = {
  'leads list': () => import('../leads/list.js').then((m) => m.leadsList),
  'leads get': () => import('../leads/get.js').then((m) => m.leadsGet),
  'leads export': () => import('../leads/export.js').then((m) => m.leadsExport),
  'leads follow': () => import('../leads/follow.js').then((m) => m.leadsFollow),
  'leads replay': () => import('../leads/replay.js').then((m) => m.leadsReplay),
  'leads crm-report': () => import('../leads/crm-report.js').then((m) => m.leadsCrmReport),
};

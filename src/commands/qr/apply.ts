import { defineCommand } from '../model/define.js';
import { argument, flag, repeatable, value } from '../model/fields.js';
import { qrFields } from './qr-output.js';

export const qrApply = defineCommand({
  name: 'apply',
  summary:
    "Make the account's QR codes match a file (CSV or NDJSON, keyed by shortCode): shows the plan, then writes each change once",
  args: {
    file: argument(
      '<file.csv|file.ndjson>',
      'a .csv (header: shortCode,name,destinationUrl,status) or .ndjson / .jsonl file',
    ),
  },
  flags: {
    dryRun: flag('--dry-run', 'show the plan and send nothing'),
    map: repeatable(
      '--map <column=name>',
      "read a column of the file as one of ours, e.g. --map 'Link=destinationUrl' (repeatable)",
    ),
    mapFile: value('--map-file <file>', 'the same, one `Column=name` a line (# starts a comment)'),
    report: value('--report <file>', 'append-only NDJSON report of every write (default: <file>.report.ndjson)'),
  },
  details: `
Columns: shortCode (required, once per file), name, destinationUrl, status (draft, published,
paused, archived). A missing column or an empty cell leaves that property as it is. A short code
the account does not hold is created (it needs name and destinationUrl; status defaults to
published; a paused or archived one is created as draft, then moved). Codes the file does not
name are never touched.

Every QR code of the account is read first (archived ones too) and the plan printed: create,
update (old → new), unchanged. Changing an existing code's destination or status changes where
printed codes lead: on a terminal you are asked; in scripts pass --yes. -o json prints the plan
as data. Writes go one at a time, paced to the key's limit, each with its own Idempotency-Key,
each recorded in the report. Interrupted or partly failed, run the same command again: only
what is still missing is sent (re-moving a code created paused or archived asks again).

Exit status: 0 the account matches the file, 2 invalid file (every problem listed, nothing sent)
or question refused, 7 some writes failed (e.g. a short code held by something else), 130 interrupted.
`,
  examples: [
    'cardqr qr apply fair-codes.csv --dry-run',
    'cardqr qr apply fair-codes.csv --yes',
    'cardqr qr list --all -o csv --fields shortCode,name,destinationUrl,status > codes.csv',
    'cardqr qr apply codes.ndjson -o json --dry-run',
  ],
  fields: qrFields,
  async run(ctx, { file, ...flags }) {
    const { runApplyCommand } = await import('./apply-terminal.js');
    const { parseColumnMap } = await import('../../csv/match-headers.js');
    const map = flags.map.length || flags.mapFile ? await parseColumnMap(flags.map, flags.mapFile) : undefined;
    return runApplyCommand({ file, dryRun: Boolean(flags.dryRun), report: flags.report, map }, ctx);
  },
});

import { checkId } from '../../api/ids.js';
import { UsageError } from '../../errors.js';
import { intIn, positiveNumber } from '../flags.js';
import { parseSets } from '../../jobs/import/constants.js';
import { defineCommand, type Input } from '../model/define.js';
import { argument, flag, repeatable, value } from '../model/fields.js';
import type { ImportCommandOptions } from './import-terminal.js';

/** --trash-missing's bound when --max-trash is not given (jobs/import/sync.ts has the same number). */
export const DEFAULT_MAX_TRASH = 10;

type ImportInput = Input<typeof args, typeof flags>;

/** The cross-flag rules (exit 2 before anything is read or sent). */
function check(f: ImportInput): void {
  if (f.dryRun && f.validateOnly) throw new UsageError('--dry-run and --validate-only do not go together: pick one');
  if (f.resume && (f.dryRun || f.validateOnly))
    throw new UsageError(
      `--resume continues a real import; it does not apply to ${f.dryRun ? '--dry-run' : '--validate-only'}`,
    );
  if (f.update && f.validateOnly)
    throw new UsageError('--update reads the account and --validate-only sends no request: pick one');
  if (f.trashMissing && !f.update)
    throw new UsageError('--trash-missing makes the campaign match the file: it goes with --update', [
      'cardqr campaigns import <campaign-id> <file.csv> --update --trash-missing --dry-run shows what it would do',
    ]);
  // A rehearsal or a file with rows left out must never read as "everyone else has left".
  if (f.trashMissing && f.maxRows !== undefined)
    throw new UsageError(
      '--trash-missing needs the whole file: with --max-rows the rows after the first n would look missing',
    );
  if (f.trashMissing && f.skipInvalid)
    throw new UsageError(
      '--trash-missing needs every row valid: an invalid row may not name its identifier, and its card would look missing',
      ['fix the file first (`--validate-only` lists every problem), then sync'],
    );
  if (f.offline && !f.validateOnly)
    throw new UsageError('--offline keeps --validate-only local (no dry-run request): it goes with --validate-only');
  if (f.maxTrash !== undefined && !f.trashMissing)
    throw new UsageError('--max-trash bounds --trash-missing: give both, or neither');
}

/** Flags → the engine's options. */
function importOptions(campaignId: string, file: string, f: ImportInput): ImportCommandOptions {
  return {
    campaignId,
    file,
    dryRun: Boolean(f.dryRun),
    validateOnly: Boolean(f.validateOnly),
    report: f.report,
    resume: Boolean(f.resume),
    delimiter: f.delimiter === undefined ? undefined : delimiter(f.delimiter),
    encoding: f.encoding,
    concurrency: f.concurrency ?? 1,
    rate: f.rate,
    skipInvalid: Boolean(f.skipInvalid),
    maxRows: f.maxRows,
    idColumn: f.idColumn,
    rejects: f.rejects,
    ...(f.set?.length ? { set: parseSets(f.set) } : {}),
    ...(f.offline ? { offline: true } : {}),
    ...(f.map?.length || f.mapFile ? { mapFlags: { map: f.map ?? [], mapFile: f.mapFile } } : {}),
    ...(f.update ? { update: true } : {}),
    ...(f.trashMissing ? { trashMissing: true, maxTrash: f.maxTrash ?? DEFAULT_MAX_TRASH } : {}),
  };
}

function delimiter(value: string): string {
  const d = value === 'tab' || value === '\\t' ? '\t' : value;
  if (!d || /["\r\n]/.test(d))
    throw new UsageError(`--delimiter "${value}": expected a character such as , ; | or tab`);
  return d;
}

const args = {
  campaignId: argument('<campaign-id>', 'campaign id, e.g. cmp_123'),
  file: argument('<file.csv>', 'the rows; the first line names the columns (see `cardqr campaigns schema`)'),
};

const flags = {
  dryRun: flag(
    '--dry-run',
    'send every row to the dry-run endpoint, creates nothing; ends with the plan: would create N, already exist M, invalid K',
  ),
  validateOnly: flag(
    '--validate-only',
    "check the file against every rule the campaign schema states, then send up to 5 rows of distinct shape to the campaign's dry run (creates nothing)",
  ),
  offline: flag('--offline', 'with --validate-only: the local checks only, no dry-run request'),
  set: repeatable(
    '--set <path=value>',
    'a constant for every row, e.g. --set emails.0.label=Work (repeatable); a column of the file with that name wins where its cell has a value',
  ),
  report: value(
    '--report <file>',
    'append-only NDJSON report (default: <file.csv>.report.ndjson; dry runs: <file.csv>.dry-run.report.ndjson)',
  ),
  resume: flag(
    '--resume',
    "continue the report's last run (same file): rows created or exists are skipped, the rest sent again with the same keys",
  ),
  delimiter: value(
    '--delimiter <char>',
    'field delimiter, e.g. ; or | or tab (default: a comma, or ; tab | when the header line holds no comma but one of them)',
  ),
  map: repeatable(
    '--map <column=name>',
    "read a column of the file as one of the campaign's, e.g. --map 'Email=emails.0.value' (repeatable)",
  ),
  mapFile: value('--map-file <file>', 'the same, one `Column=name` a line (# starts a comment)'),
  encoding: value(
    '--encoding <name>',
    'file encoding: utf8, utf-16le, latin1, windows-1252, shift_jis … (default: utf8, or UTF-16 by its byte-order mark)',
  ),
  concurrency: value('--concurrency <n>', 'requests in flight, 1-16 (default: 1)', intIn(1, 16)),
  rate: value('--rate <n>', "requests per minute at most (default: the key's limit from GET /me)", positiveNumber),
  skipInvalid: flag('--skip-invalid', 'record invalid rows in the report (outcome invalid) and import the others'),
  idColumn: value(
    '--id-column <path>',
    "mapped campaigns: the column (record path, e.g. employee.id) holding each row's identifier; without it each row's identifier is found with one dry-run request",
  ),
  rejects: value(
    '--rejects <file.csv>',
    'write every row that failed or was invalid (original cells + line, errorCode, message) to this CSV, ready to fix and import as it is',
  ),
  maxRows: value(
    '--max-rows <n>',
    'import only the first n rows: a rehearsal on live data',
    intIn(1, Number.MAX_SAFE_INTEGER),
  ),
  update: flag(
    '--update',
    'rows whose identifier already has a card of the campaign update it (one PATCH per changed card; fields the file does not hold are kept); shows the plan and asks first (--yes in scripts)',
  ),
  trashMissing: flag(
    '--trash-missing',
    "with --update: move the campaign's cards whose identifier the file does not hold to Trash (restorable in the dashboard); asks first",
  ),
  maxTrash: value(
    '--max-trash <n>',
    `with --trash-missing: refuse (nothing sent) when more than n cards would go to Trash (default: ${DEFAULT_MAX_TRASH})`,
    intIn(0, Number.MAX_SAFE_INTEGER),
  ),
};

export const campaignsImport = defineCommand({
  name: 'import',
  summary:
    'Import a CSV file into a campaign: one card per row, each created exactly once (validated first, resumable)',
  args,
  flags,
  details: `
Before sending anything the whole file is checked (columns known to the campaign schema, required
values, identifiers present, valid and unique, short codes, 1,000,000 bytes per body); any problem stops the
import with every problem listed by line, unless --skip-invalid. Each row is sent with an
Idempotency-Key derived from the campaign, its identifier and its content, and its outcome is
appended to the report (created, exists, failed, invalid, skipped) before the next request.
Interrupted (Ctrl-C, kill) or partly failed, it prints the exact command that resumes it.
A report is never overwritten: each run appends its own header. A changed file (or the same file
after a finished run) starts a new run without a flag; an unfinished run of the same file asks for
--resume. If the first 5 rows sent are all refused the same way, the import stops (exit 7).
--validate-only checks every rule the schema states, then sends up to 5 rows of distinct shape to
the campaign's dry run (creates nothing); --offline sends none.

--update reads the campaign's cards first (the cards of its template, by externalId) and prints the
plan: would create N, update M (each changed field, old → new), unchanged K, invalid J. A changed
card gets one PATCH of its complete fields with the row's values set: empty cells and columns the
file lacks leave the card's value as it is. --trash-missing adds the cards whose identifier the
file does not hold, to move to Trash (never more than --max-trash). Updates and trashes are asked
about on a terminal; in scripts pass --yes. --dry-run stops after the plan; -o json gives it as data.
Outcomes (summaries count them destructive first): trashed, updated, created, exists, unchanged,
failed, invalid, skipped.

Exit status: 0 every row imported, 2 problems in the file, a refused question or a --max-trash
bound (nothing sent), 3 campaign closed to the API or key refused, 7 some rows failed or were
invalid, 130 interrupted (resume it).
`,
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
  check,
  async run(ctx, input) {
    checkId(input.campaignId, 'campaign id'); // before GET /me and the report: nothing is sent for a bad id
    const options = importOptions(input.campaignId, input.file, input);
    if (options.mapFlags) {
      const { parseColumnMap } = await import('../../csv/match-headers.js');
      options.columnMap = await parseColumnMap(options.mapFlags.map, options.mapFlags.mapFile);
    }
    const { runImportCommand } = await import('./import-terminal.js');
    return runImportCommand(options, ctx);
  },
});

// The validation pass: every row checked before anything is sent (identifier present, valid and unique
// in the file, required fields, short codes, body size, stray values). Streams the file; memory stays
// flat (identifiers are remembered as fingerprints, and only colliding ones are re-read to confirm).
import { CAMPAIGN_BODY_MAX, shortCodeProblem } from '../../api/rules.js';
import { hash53, IdIndex, LineSet } from './compact.js';
import type { CsvRecord } from '../../csv/read-records.js';
import { canonicalJson } from '../../api/canonical-json.js';
import type { ImportPlan, Segment } from './columns.js';
import { SpreadsheetCheck } from './spreadsheet.js';
import { entryProblems, nameProblem } from './entries.js';
import { setOwn } from '../../own.js';
import type { RowProblem } from './types.js';

export const MAX_BODY_BYTES = CAMPAIGN_BODY_MAX;
export const MAX_EXTERNAL_ID = 128;

export type { RowProblem } from './types.js';

/** The request body for a row: empty cells are left out; native list sections are compacted. */
export function buildBody(plan: ImportPlan, cells: string[]): Record<string, unknown> {
  const body: Record<string, unknown> = plan.mode === 'native' ? { fields: {} } : {};
  let lists = false;
  for (let i = 0; i < plan.columns.length; i++) {
    const v = cells[i];
    if (v === undefined || v === '') continue;
    const path = plan.columns[i].path;
    setPath(body, path, v);
    if (path.length > 2 && typeof path[2] === 'number') lists = true;
  }
  if (plan.mode === 'native' && lists) {
    const fields = body.fields as Record<string, unknown>;
    for (const [k, v] of Object.entries(fields))
      if (Array.isArray(v))
        setOwn(
          fields,
          k,
          v.filter((x) => x !== undefined),
        );
  }
  return body;
}

function setPath(target: Record<string, unknown> | unknown[], path: Segment[], value: string): void {
  let cur = target as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const seg = path[i];
    // A column named `constructor` or `__proto__` is data: never a member of Object.prototype.
    let next = Object.hasOwn(cur, seg) ? cur[seg] : undefined;
    if (next === undefined) {
      next = typeof path[i + 1] === 'number' ? [] : {};
      put(cur, seg, next);
    }
    cur = next as Record<string | number, unknown>;
  }
  put(cur, path[path.length - 1], value);
}

/**
 * `obj[key] = value` as an own property. Plain assignment is one of the per-row costs of an import
 * (defineProperty is several times slower); it is as safe as setOwn for every key but `__proto__`,
 * which an assignment would take as the prototype (setOwn stores it as data), and keys an object
 * inherits only as accessors (none on a plain object or array besides `__proto__`).
 */
function put(obj: Record<string | number, unknown>, key: string | number, value: unknown): void {
  if (key === '__proto__') setOwn(obj, key, value);
  else obj[key] = value;
}

/** The row's identifier: its column, or (mapped, no --id-column) what the dry run resolved for its line. */
export function rowId(plan: ImportPlan, cells: string[], line?: number): string | null {
  if (plan.resolved && line !== undefined) return plan.resolved.get(line) ?? null;
  if (plan.idColumn < 0) return null;
  const v = cells[plan.idColumn];
  return v === undefined || v === '' ? null : v;
}

/** Everything about one row except uniqueness (which needs the whole file). */
export function checkRow(plan: ImportPlan, rec: CsvRecord): RowProblem[] {
  const { line, cells } = rec;
  const externalId = rowId(plan, cells, line);
  const out: RowProblem[] = [];
  const add = (code: string, message: string) => out.push({ line, externalId, code, message });
  for (let i = plan.columns.length; i < cells.length; i++) {
    if (cells[i] !== '') {
      add(
        'too_many_values',
        `${cells.length} values for ${plan.columns.length} columns (a stray delimiter or an unquoted value?)`,
      );
      break;
    }
  }
  // A mapped campaign's identifiers are known only for the rows the dry run resolved (up to --max-rows).
  if (plan.idColumn >= 0 || plan.resolved?.has(line)) {
    if (externalId === null) add('missing_external_id', `no identifier (${plan.idLabel} is empty)`);
    else if (externalId.trim() === '' || externalId.length > MAX_EXTERNAL_ID) {
      add(
        'invalid_external_id',
        `identifier must be 1 to ${MAX_EXTERNAL_ID} characters, not blank (${plan.idLabel} has ${externalId.length})`,
      );
    }
  }
  for (const group of plan.required) {
    if (group.columns.every((i) => !cells[i])) add('validation_failed', `required ${group.label} is empty`);
  }
  for (const message of plan.entries?.length ? entryProblems(plan.entries, cells) : [])
    add('validation_failed', message);
  const badName =
    plan.nameColumn !== undefined && plan.nameColumn >= 0 ? nameProblem(cells[plan.nameColumn]) : undefined;
  if (badName) add('validation_failed', badName);
  if (plan.shortCodeColumn >= 0) {
    const code = cells[plan.shortCodeColumn];
    const p = code ? shortCodeProblem(code) : undefined;
    if (p) add('invalid_short_link', `shortCode "${code.length > 40 ? `${code.slice(0, 40)}…` : code}" ${p}`);
  }
  if (sizeBound(plan, cells) > MAX_BODY_BYTES) {
    const size = Buffer.byteLength(canonicalJson(buildBody(plan, cells)));
    if (size > MAX_BODY_BYTES)
      add('payload_too_large', `the request body would be ${size} bytes; at most ${MAX_BODY_BYTES} allowed`);
  }
  return out;
}

/** An upper bound of the body's JSON size (6 bytes per character covers any escape): exact sizes only for big rows. */
function sizeBound(plan: ImportPlan, cells: string[]): number {
  let n = 64;
  for (let i = 0; i < plan.columns.length; i++) {
    const v = cells[i];
    if (v) n += v.length * 6 + plan.columns[i].header.length + 8;
  }
  return n;
}

export interface Validation {
  rows: number;
  /** Line of the last row within --max-rows (Infinity without a limit). */
  rangeEnd: number;
  /** Rows within --max-rows. */
  inRange: number;
  problems: number;
  /** Lines with a problem (skipped under --skip-invalid). */
  invalid: LineSet;
  /** The first problems by line, for the terminal. */
  first: RowProblem[];
}

/**
 * Checks every data row, calling `onInvalid` once per row with its problems (in line order; rows
 * sharing an identifier come after the pass). `reread` streams the data rows again; it runs only
 * when two identifiers share a fingerprint.
 */
export async function validateAll(
  rows: AsyncIterable<CsvRecord>,
  plan: ImportPlan,
  onInvalid: (problems: RowProblem[]) => void,
  reread: () => AsyncIterable<CsvRecord>,
  opts: { maxRows?: number; keep?: number } = {},
): Promise<Validation> {
  const keep = opts.keep ?? 50;
  const limit = opts.maxRows ?? Infinity;
  const result: Validation = {
    rows: 0,
    rangeEnd: Infinity,
    inRange: 0,
    problems: 0,
    invalid: new LineSet(),
    first: [],
  };
  /** `late`: found after the pass; a row already reported keeps its one report line (the terminal shows both). */
  const report = (problems: RowProblem[], late = false) => {
    if (!problems.length) return;
    const known = late && result.invalid.has(problems[0].line);
    for (const p of problems) {
      result.problems++;
      result.invalid.add(p.line);
      keepFirst(result.first, p, keep);
    }
    if (!known) onInvalid(problems);
  };
  const ids = new IdIndex();
  const suspects = new Set<number>();
  const sheet = new SpreadsheetCheck(
    plan.columns.map((c) => c.header),
    (cells) => rowId(plan, cells),
  );
  for await (const rec of rows) {
    result.rows++;
    if (result.rows <= limit) result.inRange++;
    if (result.rows === limit) result.rangeEnd = rec.line;
    report([...checkRow(plan, rec), ...sheet.row(rec.line, rec.cells)]);
    const id = rowId(plan, rec.cells, rec.line);
    if (id === null) continue;
    const fp = hash53(id);
    if (ids.add(fp)) suspects.add(fp);
  }
  // Findings that needed the whole file: one report call per line.
  const late: RowProblem[] = sheet.finish().map(({ column: _, ...p }) => p);
  // A loop, not push(...list): a file of 130,000 repeats would pass that many arguments (stack overflow).
  if (suspects.size) for (const p of await confirmDuplicates(reread(), plan, suspects)) late.push(p);
  late.sort((a, b) => a.line - b.line);
  for (let i = 0; i < late.length;) {
    let j = i + 1;
    while (j < late.length && late[j].line === late[i].line) j++;
    report(late.slice(i, j), true);
    i = j;
  }
  return result;
}

/** Re-reads only the rows whose identifier fingerprint repeated and reports the true duplicates. */
async function confirmDuplicates(
  rows: AsyncIterable<CsvRecord>,
  plan: ImportPlan,
  suspects: Set<number>,
): Promise<RowProblem[]> {
  const lines = new Map<string, number[]>();
  for await (const rec of rows) {
    const id = rowId(plan, rec.cells, rec.line);
    if (id === null || !suspects.has(hash53(id))) continue;
    const list = lines.get(id);
    if (list) list.push(rec.line);
    else lines.set(id, [rec.line]);
  }
  const out: RowProblem[] = [];
  for (const [id, at] of lines) {
    if (at.length < 2) continue;
    const again = at.length > 6 ? `${at.slice(1, 6).join(', ')} and ${at.length - 6} more` : at.slice(1).join(', ');
    out.push({
      line: at[0],
      externalId: id,
      code: 'duplicate_in_file',
      message: `identifier "${id}" appears again on line${at.length > 2 ? 's' : ''} ${again}`,
    });
    for (const line of at.slice(1))
      out.push({
        line,
        externalId: id,
        code: 'duplicate_in_file',
        message: `identifier "${id}" already on line ${at[0]}`,
      });
  }
  return out.sort((a, b) => a.line - b.line);
}

/** Keeps the `keep` problems with the lowest line numbers, sorted. */
function keepFirst(list: RowProblem[], p: RowProblem, keep: number): void {
  if (list.length >= keep && list[list.length - 1].line <= p.line) return;
  let i = list.length;
  while (i > 0 && list[i - 1].line > p.line) i--;
  list.splice(i, 0, p);
  if (list.length > keep) list.pop();
}

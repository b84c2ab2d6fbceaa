// `qr apply`'s plan: each row of the file against the account's codes (matched by short code, as the
// service compares them: case-insensitively). A row is create, update (each changed property old → new)
// or unchanged; every problem of the file is listed with its line. Codes the file does not name are
// counted and never touched.
import { nameProblem, shortCodeProblem, STATUSES, urlProblem } from '../../api/rules.js';
import { sameUrl } from '../../api/qr.js';
import type { PlannedChange, Problem, RowPlan, Step } from '../rows/types.js';
import type { ApplyInput, Column } from './read.js';

export type Property = Exclude<Column, 'shortCode'>;

export interface ExistingCode {
  id: string;
  shortCode: string;
  name: string;
  /** Not a string for codes of other types than url. */
  destinationUrl: unknown;
  status: string;
  /** Its short link (the report's `url`). */
  url?: string;
  /** What an agent plan records as the code's "before" (src/plans/). */
  updatedAt?: string;
  paused?: boolean;
}

export interface PropertyChange {
  property: Property;
  from: string | null;
  to: string;
}

export interface ApplyRow {
  line: number;
  shortCode: string;
  action: 'create' | 'update' | 'unchanged';
  qrCodeId: string | null;
  /** The existing code's short link. */
  url?: string;
  changes: PropertyChange[];
}

export interface ApplyPlan extends RowPlan {
  file: string;
  rows: ApplyRow[];
  counts: { create: number; update: number; unchanged: number; invalid: number };
  /** Codes of the account the file does not name (never touched). */
  untouched: number;
  /** Existing codes whose destination or status would change: where printed codes lead changes. */
  asks: ApplyRow[];
  /** How the file's header was read (a sniffed delimiter, columns matched loosely or by --map). */
  notes?: string[];
}

// `qr list -o csv` writes a text cell starting with = + - @ tab or CR with a leading ' (src/csv/write-line.ts),
// and with --csv-dialect excel long digit runs and phone numbers as ="…": read back, such a cell means
// the text inside.
const NEUTRALISED = /^'[=+\-@\t\r]/;
const EXCEL_TEXT = /^="([^"]*)"$/;
const unneutralised = (cell: string) => (NEUTRALISED.test(cell) ? cell.slice(1) : (EXCEL_TEXT.exec(cell)?.[1] ?? cell));

/** The value a cell asks for, given what the code holds now (a name really starting with ' stays as it is). */
function wanted(cell: string, current: string | undefined): string {
  return cell === current ? cell : unneutralised(cell);
}

const textOf = (v: unknown): string | null => (typeof v === 'string' ? v : v == null ? null : JSON.stringify(v));

/** A create asks for draft or published; a row wanting paused or archived is created draft, then moved. */
export function stepsFor(row: ApplyRow, create?: { name: string; destinationUrl: string; status: string }): Step[] {
  if (row.action === 'create' && create) {
    const moved = create.status === 'paused' || create.status === 'archived';
    const first: Step = {
      action: 'create',
      intent: {
        shortCode: row.shortCode,
        name: create.name,
        destinationUrl: create.destinationUrl,
        status: moved ? 'draft' : create.status,
      },
    };
    return moved ? [first, { action: 'update', intent: { body: { status: create.status } } }] : [first];
  }
  const body: Record<string, string> = {};
  for (const c of row.changes) body[c.property] = c.to;
  return [{ action: 'update', intent: { id: row.qrCodeId, body } }];
}

export function planApply(file: string, input: ApplyInput, existing: readonly ExistingCode[]): ApplyPlan {
  const problems: Problem[] = [...input.problems];
  const byCode = new Map(existing.map((q) => [q.shortCode.toLowerCase(), q]));
  const seen = new Map<string, number>();
  const rows: ApplyRow[] = [];
  const changes: PlannedChange[] = [];
  const named = new Set<string>();
  let invalid = 0;
  for (const { line, cells } of input.rows) {
    const before = problems.length;
    const bad = (message: string) => problems.push({ line, message });
    const code = cells.shortCode === undefined ? undefined : unneutralised(cells.shortCode);
    if (code === undefined) bad('shortCode is empty: every row needs its short code');
    else {
      const p = shortCodeProblem(code);
      if (p) bad(`shortCode "${code}" ${p}`);
      const first = seen.get(code.toLowerCase());
      if (first !== undefined) bad(`shortCode "${code}" is also on line ${first}: each code once`);
      else seen.set(code.toLowerCase(), line);
    }
    const current = code === undefined ? undefined : byCode.get(code.toLowerCase());
    const name = cells.name === undefined ? undefined : wanted(cells.name, current?.name);
    if (name !== undefined) {
      const p = nameProblem(name);
      if (p) bad(`name ${p}`);
    }
    const currentUrl = current ? textOf(current.destinationUrl) : null;
    const url = cells.destinationUrl;
    if (url !== undefined && url !== currentUrl) {
      const p = urlProblem(url);
      if (p) bad(`destinationUrl "${url}" ${p}`);
    }
    const status = cells.status;
    if (status !== undefined && !(STATUSES as readonly string[]).includes(status))
      bad(`status "${status}" is not one of ${STATUSES.join(', ')}`);
    if (code !== undefined && !current) {
      if (name === undefined) bad(`name is empty: a new code (${code}) needs one`);
      if (url === undefined) bad(`destinationUrl is empty: a new code (${code}) needs one`);
    }
    if (problems.length > before || code === undefined) {
      invalid++;
      continue;
    }
    if (!current) {
      const row: ApplyRow = { line, shortCode: code, action: 'create', qrCodeId: null, changes: [] };
      const create = { name: name!, destinationUrl: url!, status: status ?? 'published' };
      row.changes = [
        { property: 'name', from: null, to: create.name },
        { property: 'destinationUrl', from: null, to: create.destinationUrl },
        { property: 'status', from: null, to: create.status },
      ];
      rows.push(row);
      changes.push({ line, subject: code, steps: stepsFor(row, create) });
      continue;
    }
    named.add(current.id);
    const diff: PropertyChange[] = [];
    if (name !== undefined && name !== current.name) diff.push({ property: 'name', from: current.name, to: name });
    if (url !== undefined && url !== currentUrl && !sameUrl(current.destinationUrl, url))
      diff.push({ property: 'destinationUrl', from: currentUrl, to: url });
    if (status !== undefined && status !== current.status)
      diff.push({ property: 'status', from: current.status, to: status });
    const row: ApplyRow = {
      line,
      shortCode: current.shortCode,
      action: diff.length ? 'update' : 'unchanged',
      qrCodeId: current.id,
      ...(current.url === undefined ? {} : { url: current.url }),
      changes: diff,
    };
    rows.push(row);
    if (diff.length) changes.push({ line, subject: current.shortCode, steps: stepsFor(row) });
  }
  const count = (a: ApplyRow['action']) => rows.filter((r) => r.action === a).length;
  return {
    file,
    problems,
    changes,
    rows,
    counts: { create: count('create'), update: count('update'), unchanged: count('unchanged'), invalid },
    untouched: existing.filter((q) => !named.has(q.id)).length,
    ...(input.notes?.length ? { notes: input.notes } : {}),
    asks: rows.filter((r) => r.action === 'update' && r.changes.some((c) => c.property !== 'name')),
  };
}

// Counting outcomes, the final summary, and the exact command that resumes an import.
import type { Outcome, ReportRow } from './report.js';

export const OUTCOMES: Outcome[] = [
  'created',
  'exists',
  'updated',
  'unchanged',
  'trashed',
  'unknown',
  'failed',
  'invalid',
  'skipped',
];

const SYNC_OUTCOMES: Outcome[] = ['updated', 'unchanged', 'trashed'];

/**
 * The order every summary (text and -o json) counts outcomes in: what changed or removed existing cards
 * first (trashed, then updated), then what was added, what was already so, and what did not go.
 */
export const SUMMARY_ORDER: Outcome[] = [
  'trashed',
  'updated',
  'created',
  'exists',
  'unchanged',
  'unknown',
  'failed',
  'invalid',
  'skipped',
];

export class Tally {
  readonly outcomes: Record<Outcome, number> = {
    created: 0,
    exists: 0,
    updated: 0,
    unchanged: 0,
    trashed: 0,
    unknown: 0,
    failed: 0,
    invalid: 0,
    skipped: 0,
  };
  readonly byCode = new Map<string, number>();

  add(row: Pick<ReportRow, 'outcome' | 'errorCode'>): void {
    this.outcomes[row.outcome]++;
    // Errors are what failed or was invalid: `exists` (its card is there) is not one.
    if (row.errorCode && (row.outcome === 'failed' || row.outcome === 'invalid'))
      this.byCode.set(row.errorCode, (this.byCode.get(row.errorCode) ?? 0) + 1);
  }

  get done(): number {
    return OUTCOMES.reduce((n, o) => n + this.outcomes[o], 0);
  }

  /** `sync`: a run of --update, whose outcomes (updated, unchanged, trashed) are always listed in toJSON. */
  constructor(private readonly sync = false) {}

  /** A run of --update: its summary always counts trashed, updated, created and unchanged (0 included). */
  get isSync(): boolean {
    return this.sync;
  }

  toJSON() {
    const outcomes: Partial<Record<Outcome, number>> = {};
    for (const o of SUMMARY_ORDER) outcomes[o] = this.outcomes[o];
    // Without --update the JSON keeps the import's original five keys (unless a sync outcome occurred).
    for (const o of SYNC_OUTCOMES) if (!this.sync && !this.outcomes[o]) delete outcomes[o];
    if (!this.outcomes.unknown) delete outcomes.unknown;
    return { outcomes, errors: Object.fromEntries([...this.byCode].sort((a, b) => b[1] - a[1])) };
  }
}

export interface SummaryInput {
  title: string;
  tally: Tally;
  /** Rows an earlier run already recorded as done (--resume). */
  alreadyDone?: number;
  report?: string;
  resume?: string;
  /** In place of the outcome counts (a dry run says what it would do: `would create 3, …`). */
  counts?: string;
}

export function formatSummary(s: SummaryInput): string {
  const out = [s.title];
  const width = Math.max(...OUTCOMES.map((o) => String(s.tally.outcomes[o]).length));
  const always: Outcome[] = s.tally.isSync ? ['created', ...SYNC_OUTCOMES] : ['created'];
  const shown = SUMMARY_ORDER.filter((o) => s.tally.outcomes[o] || always.includes(o));
  const label = Math.max(8, ...shown.map((o) => o.length));
  if (s.counts !== undefined) out.push(`  ${s.counts}`);
  else for (const o of shown) out.push(`  ${o.padEnd(label)} ${String(s.tally.outcomes[o]).padStart(width)}`);
  if (s.alreadyDone)
    out.push(
      `  (${s.alreadyDone} row${s.alreadyDone === 1 ? '' : 's'} already done by an earlier run, not sent again)`,
    );
  if (s.tally.byCode.size) {
    out.push('errors by code:');
    const codes = [...s.tally.byCode].sort((a, b) => b[1] - a[1]);
    const w = codes.reduce((m, [c]) => Math.max(m, c.length), 0);
    for (const [code, n] of codes) out.push(`  ${code.padEnd(w)}  ${n}`);
  }
  if (s.report) out.push(`report: ${s.report}`);
  if (s.resume) out.push(`to resume: ${s.resume}`);
  return out.join('\n') + '\n';
}

// `leads replay <dead letter>` (PRODUCT §12, issue 35): each line of a `leads follow` dead letter is
// sent once more to the target it records, and the lines delivered are removed from the file (rewritten
// atomically after each one: killed at any moment, at most the line in flight is sent again by the next
// replay). What fails again stays, as it was. The file's lock is the one `leads follow` holds while it
// appends there (dead-letter.ts), so the two never run on one file at once.
//
// One attempt per line, no backoff: a replay is run by a person or a timer, who runs it again later. A
// line refused (4xx; --exec exit ≠ 0, 75) stays. A line failing as down is followed by one try of the
// next line for the same target, as in follow: failing the same way, that target is down and its later
// lines are not tried (they stay); going through, the first line was the problem and stays.
import { UsageError } from '../../errors.js';
import { replaceFile } from '../../fs/durable.js';
import { NotRegularFile, readRegularFile } from '../../fs/read-regular.js';
import { lockedFileTarget } from '../../fs/real-path.js';
import { acquireLock, type HeldLock } from '../../lock-file.js';
import { deadLetterBusy, describeRecorded, parseDeadLetterLine, type DeadLetterRecord } from './dead-letter.js';
import { attemptOnce, type RecordedTarget, type Target } from './deliver.js';
const { statSync } = process.getBuiltinModule('node:fs');

export interface ReplayOptions {
  /** As given (for messages). */
  deadLetter: string;
  /** List what would be sent; nothing is sent, the file is not touched (and not locked). */
  dryRun: boolean;
  /** Refuses a target it will not send to (a UsageError: exit 2); called for every line before anything is sent. */
  check: (t: RecordedTarget) => void;
  /** The target to send to; called once per distinct target, before the first delivery. */
  targetFor: (t: RecordedTarget) => Promise<Target>;
}

export interface ReplayDeps {
  now: () => Date;
  signal: AbortSignal;
  onEvent?: (e: ReplayEvent) => void;
}

export interface ReplayEntry {
  /** Line number in the file (from 1). */
  line: number;
  id: string;
  type: string;
  /** "POST https://…" or "sh -c '…'"; undefined for a line written before targets were recorded. */
  target?: string;
  attempts: number;
  lastError: string;
}

export type ReplayEvent =
  | { kind: 'delivered'; entry: ReplayEntry }
  | { kind: 'failed'; entry: ReplayEntry; error: string; why: 'refused' | 'poison' | 'no-target' }
  | { kind: 'down'; target: string; error: string }
  | { kind: 'torn'; bytes: number };

export interface ReplaySummary {
  file: string;
  /** Every record in the file (what a dry run lists). */
  entries: ReplayEntry[];
  delivered: number;
  /** Lines that failed again (refused, the problem while the next went through, no target): kept. */
  failing: number;
  /** Targets found down, and how many of their lines stay untried or failed. */
  down: Array<{ target: string; error: string; kept: number }>;
  /** Lines left in the file. */
  kept: number;
  interrupted: boolean;
}

interface Line {
  text: string;
  no: number;
  record?: DeadLetterRecord;
  entry?: ReplayEntry;
  delivered?: boolean;
}

export async function runLeadsReplay(opts: ReplayOptions, deps: ReplayDeps): Promise<ReplaySummary> {
  const path = lockedFileTarget('the dead letter', opts.deadLetter);
  let lock: HeldLock | undefined;
  if (!opts.dryRun) lock = await acquireLock(`${path}.lock`, deps.now(), deadLetterBusy(opts.deadLetter));
  try {
    const { lines, torn } = await readLines(path, opts.deadLetter);
    const summary: ReplaySummary = {
      file: opts.deadLetter,
      entries: lines.flatMap((l) => (l.entry ? [l.entry] : [])),
      delivered: 0,
      failing: 0,
      down: [],
      kept: lines.length,
      interrupted: false,
    };
    const recorded = lines.flatMap((l) => (l.record?.target ? [l.record.target] : []));
    for (const t of recorded) opts.check(t);
    if (recorded.some((t) => 'exec' in t)) refuseOthersWritable(path, opts.deadLetter);
    if (opts.dryRun) return summary;
    if (torn) deps.onEvent?.({ kind: 'torn', bytes: Buffer.byteLength(torn) });
    const targets = new Map<string, Target>();
    for (const t of recorded) {
      const key = JSON.stringify(t);
      if (!targets.has(key)) targets.set(key, await opts.targetFor(t));
    }
    await sendAll(lines, targets, summary, deps, async () => {
      const left = lines.filter((l) => !l.delivered).map((l) => `${l.text}\n`);
      await replaceFile(path, left.join('') + torn, { what: `the dead letter ${opts.deadLetter}` });
    });
    summary.kept = lines.filter((l) => !l.delivered).length;
    return summary;
  } finally {
    await lock?.release();
  }
}

async function sendAll(
  lines: Line[],
  targets: Map<string, Target>,
  summary: ReplaySummary,
  deps: ReplayDeps,
  rewrite: () => Promise<void>,
): Promise<void> {
  /** Per target: a line that failed as down, waiting for the next line to tell why. */
  const suspect = new Map<string, { line: Line; error: string }>();
  const down = new Map<string, { target: string; error: string; kept: number }>();
  const fail = (l: Line, error: string, why: 'refused' | 'poison' | 'no-target') => {
    summary.failing++;
    deps.onEvent?.({ kind: 'failed', entry: l.entry!, error, why });
  };
  for (const l of lines) {
    if (!l.record) continue;
    if (deps.signal.aborted) {
      summary.interrupted = true;
      break;
    }
    const t = l.record.target;
    if (!t) {
      fail(l, 'no recorded target (a line written by an earlier cardqr)', 'no-target');
      continue;
    }
    const key = JSON.stringify(t);
    const isDown = down.get(key);
    if (isDown) {
      isDown.kept++;
      continue;
    }
    const r = await attemptOnce(l.record.delivery, targets.get(key)!);
    const before = suspect.get(key);
    suspect.delete(key);
    if (r.ok || r.kind === 'refused') {
      if (before) fail(before.line, before.error, 'poison');
      if (r.ok) {
        l.delivered = true;
        summary.delivered++;
        await rewrite();
        deps.onEvent?.({ kind: 'delivered', entry: l.entry! });
      } else fail(l, r.error, 'refused');
    } else if (before) {
      const d = { target: describeRecorded(t), error: r.error, kept: 2 };
      down.set(key, d);
      deps.onEvent?.({ kind: 'down', target: d.target, error: d.error });
    } else suspect.set(key, { line: l, error: r.error });
  }
  // A line failing as down with no later line for its target: nothing tells; counted as down.
  for (const [key, s] of suspect) {
    const d = { target: describeRecorded(JSON.parse(key) as RecordedTarget), error: s.error, kept: 1 };
    down.set(key, d);
    deps.onEvent?.({ kind: 'down', target: d.target, error: d.error });
  }
  summary.down = [...down.values()];
}

/** The file's records; a last line cut short (a follow killed mid-write) is kept as it is, never sent. */
async function readLines(path: string, given: string): Promise<{ lines: Line[]; torn: string }> {
  let text: string;
  try {
    text = await readRegularFile(path, { what: 'the dead letter' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], torn: '' };
    if (e instanceof NotRegularFile) throw new UsageError(`dead letter ${given} is ${e.message}`);
    if (e instanceof UsageError) throw e;
    throw new UsageError(
      `cannot read the dead letter ${given}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  const parts = text.split('\n');
  let torn = parts.pop() ?? '';
  if (torn && typeof parseDeadLetterLine(torn) !== 'string') {
    parts.push(torn); // only its newline was lost
    torn = '';
  }
  const lines: Line[] = [];
  parts.forEach((raw, i) => {
    if (!raw.trim()) return;
    const record = parseDeadLetterLine(raw);
    if (typeof record === 'string')
      throw new UsageError(`dead letter ${given}, line ${i + 1}: ${record}; nothing was sent`, [
        'every line is one delivery as `leads follow --dead-letter` writes it; fix or remove that line',
      ]);
    const { delivery, target, attempts, lastError } = record;
    lines.push({
      text: raw,
      no: i + 1,
      record,
      entry: {
        line: i + 1,
        id: delivery.lead.id,
        type: delivery.type,
        target: target && describeRecorded(target),
        attempts: Number(attempts) || 0,
        lastError: String(lastError ?? ''),
      },
    });
  });
  return { lines, torn };
}

/** Commands recorded in a file someone else may write would run as us: refused (exit 2). */
function refuseOthersWritable(path: string, given: string): void {
  const st = statSync(path);
  const uid = process.getuid?.();
  if ((uid !== undefined && st.uid !== uid) || st.mode & 0o022)
    throw new UsageError(
      `dead letter ${given} holds --exec commands but ${uid !== undefined && st.uid !== uid ? 'belongs to another user' : 'can be written by others'}: refusing to run them`,
      ['nothing was sent; `chmod go-w` the file (follow creates it 0600) if its commands are yours'],
    );
}

// `leads export`: lock → read state → walk pages into a spool → re-read the leads exported while
// locked (src/jobs/leads/locked.ts) → write the whole output oldest first
// (a --out file under its own lock) → replace the state → unlock. PRODUCT §7.
//
// Crash semantics. The state file changes only after the output is complete (file flushed and renamed
// into place, or every byte handed to stdout). A run that dies earlier leaves the old state, so the next
// run exports the same leads again (plus newer ones): in that crash case a consumer may receive a lead
// twice, never zero times. A run that dies after the state rename has finished its output.
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import type { ApiClient } from '../../api/client.js';
import { CliError, EXIT, InterruptedError, UsageError } from '../../errors.js';
import { sweepTempFiles, WriteError } from '../../fs/durable.js';
import { acquireLock, type LockInfo } from '../../lock-file.js';
import type { JobDeps } from '../rows/deps.js';
import { sendEach } from '../rows/loop.js';
import { exportBusy, outputBusy } from './busy.js';
import { checkOutPath, openSink, type Formatter, type OutTarget, type Sink } from './output.js';
import { refuseOverlaps } from '../../fs/own-files.js';
import { lockedFileTarget } from '../../fs/real-path.js';
import { DEFAULT_LOCKED_WINDOW_MS, PendingSet, recheckLocked, type RawLead } from './locked.js';
import { Spool } from './spool.js';
import {
  advanceCursor,
  checkStateAccount,
  checkStateApi,
  readState,
  writeStateAtomic,
  type ExportCursor,
  type ExportState,
} from './state.js';
import { walkLeads } from './walk.js';

export interface ExportOptions {
  statePath: string;
  /** The output's text (ndjson, csv, json, a CRM preset's CSV, vCards), built by the command. */
  formatter: Formatter;
  /** File to write; undefined = stdout. */
  out?: string;
  /** Only for a first run (no cursor yet): export leads created at or after this instant. */
  since?: string;
  /** How long a lead exported while locked is re-read before it is given up (default 30 days). */
  lockedWindowMs?: number;
}

export interface ExportDeps extends JobDeps {
  stdout: Writable;
  /** Standard output's descriptor (the real process): `> f` is then written and flushed with every byte checked. */
  stdoutFd?: number;
}

export interface ExportSummary {
  exported: number;
  firstRun: boolean;
  cursor: ExportCursor | null;
  oldest?: string;
  newest?: string;
  tookOverLock?: LockInfo;
  /** Bytes of a torn last record (a write cut short) cut off the existing --out file before adding to it. */
  outTornBytes?: number;
  /** The stale `<out>.lock` this run took over, if any. */
  tookOverOutLock?: LockInfo;
  /** Locked leads left out of a preset CSV or vCard file (the cursor still moves past them). */
  skippedLocked?: number;
  /** Leads exported before while locked, found unlocked by this run and exported again (ids). */
  unlocked: string[];
  /** Pending locked leads given up: locked past the window, or no longer there (404). */
  droppedLocked: Array<{ id: string; firstSeen: string; why: 'expired' | 'gone' }>;
  /** Leads still waiting for their contact after this run. */
  pendingLocked: number;
}

export async function runLeadsExport(opts: ExportOptions, deps: ExportDeps): Promise<ExportSummary> {
  const client = await deps.api();
  const baseUrl = await deps.baseUrl();
  if (opts.statePath === '') throw new UsageError('--state needs a file name (it keeps where the last export stopped)');
  const fmt = opts.formatter;
  const out = opts.out !== undefined ? await checkOutPath(opts.out, fmt.append) : undefined;
  refuseOverlaps([
    { flag: '--state', path: opts.statePath, suffixes: ['.lock', '.spool'], temp: true },
    out && { flag: '--out', path: out.target, suffixes: ['.lock'], temp: true },
  ]);
  // The file, not the path as typed: every name of the state meets one lock, and a state that is a
  // symlink is written through (src/fs/real-path.ts). Messages keep the name the user gave.
  const statePath = lockedFileTarget('--state', opts.statePath);
  const lock = await acquireLock(`${statePath}.lock`, deps.now(), exportBusy);
  try {
    await sweepTempFiles(dirname(statePath), [statePath]);
    const prev = await readState(statePath, opts.statePath);
    checkStateApi(prev, opts.statePath, baseUrl);
    const accountId = (await client.me()).account.id;
    checkStateAccount(prev, opts.statePath, accountId);
    if (prev?.cursor && opts.since !== undefined) {
      throw new UsageError(
        `--since applies to a first run only: ${opts.statePath} already continues from ${prev.cursor.createdAt}`,
        ['drop --since, or use a new state file to export again from another date'],
      );
    }
    const spool = await Spool.create(`${statePath}.spool`);
    try {
      const walk = await walkLeads(client, spool, {
        cursor: prev?.cursor ?? null,
        since: opts.since,
        signal: deps.signal,
      });
      // Leads exported earlier while locked: the ones unlocked now go out again, before the new leads
      // (they are older); the spool is read back last page first.
      const pending = new PendingSet(prev?.pending);
      const caught = await catchUpLocked(client, pending, opts.lockedWindowMs ?? DEFAULT_LOCKED_WINDOW_MS, deps);
      await spool.append(
        caught.unlocked.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).map((l) => JSON.stringify(l)),
      );
      for (const id of [...walk.lockedIds].reverse()) pending.add(id, deps.now()); // oldest first
      const exported = walk.exported + caught.unlocked.length;
      const { skippedLocked, tookOverOutLock, outTornBytes } = await writeOutput(spool, fmt, out, deps);
      const state: ExportState = {
        version: 1,
        baseUrl,
        accountId,
        cursor: advanceCursor(prev?.cursor ?? null, walk.newest, walk.newestIds),
        lastRun: { finishedAt: deps.now().toISOString(), exported },
        pending: pending.toState(),
      };
      try {
        await writeStateAtomic(statePath, state, opts.statePath);
      } catch (e) {
        const where = opts.out ?? 'standard output';
        throw new CliError(
          `${exported} leads were written to ${where}, but the state file ${opts.statePath} could not be updated (${e instanceof WriteError ? e.reason : ((e as NodeJS.ErrnoException).code ?? (e as Error).message)})`,
          EXIT.failed,
          ['the next run exports these leads again (nothing is lost); fix the problem before it runs'],
        );
      }
      return {
        exported,
        firstRun: !prev?.cursor,
        cursor: state.cursor,
        oldest: walk.oldest,
        newest: walk.newest,
        tookOverLock: lock.tookOver,
        tookOverOutLock,
        outTornBytes,
        skippedLocked,
        unlocked: caught.unlocked.map((l) => l.id),
        droppedLocked: caught.dropped,
        pendingLocked: pending.size,
      };
    } finally {
      await spool.dispose();
    }
  } finally {
    await lock.release();
  }
}

/** Re-reads every pending locked lead once (no request when there is none); `pending` is updated. */
async function catchUpLocked(
  client: ApiClient,
  pending: PendingSet,
  windowMs: number,
  deps: ExportDeps,
): Promise<{ unlocked: RawLead[]; dropped: ExportSummary['droppedLocked'] }> {
  const unlocked: RawLead[] = [];
  const dropped: ExportSummary['droppedLocked'] = [];
  if (!pending.size) return { unlocked, dropped };
  await client.ensurePaced(deps.signal);
  const interrupted = () => new InterruptedError('interrupted: nothing was exported and the state file is unchanged');
  const sent = await sendEach(
    pending.list(),
    async (entry) => ({ row: { entry, r: await recheckLocked(client, entry, deps.now(), windowMs, deps.signal) } }),
    ({ entry, r }) => {
      if (r.kind === 'unlocked') unlocked.push(r.lead);
      else if (r.kind === 'expired' || r.kind === 'gone') dropped.push({ ...r.entry, why: r.kind });
      if (r.kind !== 'still') pending.remove(entry.id);
    },
    { concurrency: 1, signal: deps.signal },
  ).catch((e: unknown) => {
    throw deps.signal.aborted ? interrupted() : e;
  });
  if (sent.stopped === 'interrupted') throw interrupted();
  return { unlocked, dropped };
}

/**
 * The whole output, oldest lead first, committed before the caller touches the state file. A --out
 * file is written under `<out>.lock`: another export (another --state) may add to the same file, and
 * each copies it and renames over it, so whether to add to it is decided again under that lock.
 */
async function writeOutput(
  spool: Spool,
  fmt: Formatter,
  checked: OutTarget | undefined,
  deps: ExportDeps,
): Promise<{ skippedLocked: number; tookOverOutLock?: LockInfo; outTornBytes?: number }> {
  const outLock =
    checked?.kind === 'file'
      ? await acquireLock(`${checked.target}.lock`, deps.now(), outputBusy(checked.given))
      : undefined;
  try {
    const out = outLock && checked ? await checkOutPath(checked.given, fmt.append) : checked;
    // A run killed while writing its output (kill -9, Ctrl-C twice) left a temporary file beside it.
    if (out?.kind === 'file') await sweepTempFiles(dirname(out.target), [out.target]);
    const sink: Sink = await openSink(out, deps.stdout, deps.stdoutFd);
    try {
      const header = fmt.header();
      if (sink.fresh) await sink.write(header);
      for await (const line of spool.reversed()) await sink.write(fmt.item(line));
      await sink.write(fmt.footer());
      await sink.commit();
    } catch (e) {
      await sink.abort();
      throw e;
    }
    return { skippedLocked: fmt.skipped(), tookOverOutLock: outLock?.tookOver, outTornBytes: sink.cut || undefined };
  } finally {
    await outLock?.release();
  }
}

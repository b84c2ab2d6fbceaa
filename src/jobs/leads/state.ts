// The export's state file: where the last run stopped. Read under the lock; replaced atomically.
//
// Format (JSON, version 1):
//   { "version": 1,
//     "baseUrl": "https://api.example.com/v1",          // the API it belongs to (another one is refused)
//     "accountId": "acc_123",                           // the account (GET /me), likewise (absent in old files)
//     "cursor": { "createdAt": "2026-11-20T09:14:00.000Z", // newest createdAt exported so far
//                 "ids": ["lead_017", "lead_018"] },      // every lead exported at exactly that instant
//     "lastRun": { "finishedAt": "…", "exported": 12 },
//     "pending": [ { "id": "lead_027", "firstSeen": "2026-11-20T09:14:03.000Z" } ] }  // optional
// `cursor` is null until a run has exported at least one lead. `pending` (added later, still version 1:
// a file without it reads as none) holds the leads exported or delivered while locked, with when this
// state first saw them locked; `leads export` and `leads follow` both read and write it, so one state
// file serves either command. A cardqr older than `pending` reads such a file and drops the list.
import { readRegularFile } from '../../fs/read-regular.js';
import { replaceFile } from '../../fs/durable.js';
import { UsageError } from '../../errors.js';

export interface ExportCursor {
  createdAt: string;
  ids: string[];
}

/** A lead exported or delivered while locked: re-read until its contact is there (src/jobs/leads/locked.ts). */
export interface PendingLocked {
  id: string;
  /** When this state first saw it locked (the run's clock, ISO 8601). */
  firstSeen: string;
}

export interface ExportState {
  version: 1;
  baseUrl: string;
  accountId?: string;
  cursor: ExportCursor | null;
  lastRun: { finishedAt: string; exported: number } | null;
  pending?: PendingLocked[];
}

/** The state at `path`, or undefined when the file does not exist yet (first run). */
export async function readState(path: string, given = path): Promise<ExportState | undefined> {
  let text: string;
  try {
    text = await readRegularFile(path, { what: 'the state file' });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new UsageError(`cannot read the state file ${given}: ${code ?? (e as Error).message}`);
  }
  const bad = (why: string) =>
    new UsageError(`the state file ${given} is not a cardqr export state (${why})`, [
      'it is written by `cardqr leads export`; restore it from a backup, or delete it to export everything again',
    ]);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw bad('not JSON');
  }
  const s = raw as Partial<ExportState>;
  if (!s || typeof s !== 'object' || s.version !== 1) throw bad('unknown version');
  if (typeof s.baseUrl !== 'string') throw bad('no baseUrl');
  const c = s.cursor;
  if (c !== null && c !== undefined) {
    if (typeof c.createdAt !== 'string' || Number.isNaN(Date.parse(c.createdAt)))
      throw bad('cursor.createdAt is not a date-time');
    if (!Array.isArray(c.ids) || c.ids.some((id) => typeof id !== 'string'))
      throw bad('cursor.ids is not a list of ids');
  }
  if (s.accountId !== undefined && typeof s.accountId !== 'string') throw bad('accountId is not a string');
  const p = s.pending;
  if (p !== undefined) {
    const ok =
      Array.isArray(p) &&
      p.every(
        (x) =>
          x &&
          typeof x === 'object' &&
          typeof x.id === 'string' &&
          typeof x.firstSeen === 'string' &&
          !Number.isNaN(Date.parse(x.firstSeen)),
      );
    if (!ok) throw bad('pending is not a list of {id, firstSeen}');
  }
  const state: ExportState = {
    version: 1,
    baseUrl: s.baseUrl,
    accountId: s.accountId,
    cursor: c ?? null,
    lastRun: s.lastRun ?? null,
  };
  if (p?.length) state.pending = p.map(({ id, firstSeen }) => ({ id, firstSeen }));
  return state;
}

/**
 * Replaces the state file atomically (src/fs/durable.ts): a new temporary file (O_EXCL, never through a
 * planted symlink), every byte checked, flushed, renamed over the old file, the directory flushed.
 * `path` is the resolved file (src/fs/real-path.ts), so a state that is a symlink stays one; `given`
 * is the name the user gave, for messages.
 * A crash or a full disk leaves the old state, never a mix.
 */
export async function writeStateAtomic(path: string, state: ExportState, given = path): Promise<void> {
  await replaceFile(path, JSON.stringify(state, null, 2) + '\n', { mode: 0o600, what: `the state file ${given}` });
}

/**
 * The cursor after a run that exported leads whose newest createdAt is `newest` (ids at that instant
 * in `ids`). When the newest instant is the previous cursor's, the ids add up (both runs exported
 * leads at that instant, and the next run must skip all of them).
 */
export function advanceCursor(
  prev: ExportCursor | null,
  newest: string | undefined,
  ids: string[],
): ExportCursor | null {
  if (newest === undefined) return prev;
  if (prev && Date.parse(prev.createdAt) === Date.parse(newest)) {
    return { createdAt: prev.createdAt, ids: [...new Set([...prev.ids, ...ids])] };
  }
  return { createdAt: newest, ids: [...ids] };
}

/** A state file of another API is refused (its cursor means nothing there). */
export function checkStateApi(prev: ExportState | undefined, path: string, baseUrl: string): void {
  if (prev && prev.baseUrl !== baseUrl) {
    throw new UsageError(`the state file ${path} belongs to ${prev.baseUrl}, not ${baseUrl}`, [
      `to continue that export, run against ${prev.baseUrl} (--base-url or its profile); for this API, use a new --state file`,
    ]);
  }
}

/** A state file of another account is refused (its cursor would skip this account's leads). */
export function checkStateAccount(prev: ExportState | undefined, path: string, accountId: string): void {
  if (prev?.accountId !== undefined && prev.accountId !== accountId) {
    throw new UsageError(
      `the state file ${path} belongs to account ${prev.accountId}, but this key is for account ${accountId}`,
      [
        `to continue that export, use a key (--profile) of account ${prev.accountId}; for this account, use a new --state file (exporting with this one would skip leads)`,
      ],
    );
  }
}

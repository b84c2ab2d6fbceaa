// The journal of single writes whose outcome was lost (PRODUCT §16, "Creates and deletes run again are
// safe"). A create or delete that ended unknown may have happened; the service remembers its
// Idempotency-Key for a while (how long is not shown), so the same write run again must carry the same
// key: then the service answers the first outcome instead of acting twice. Kept in the user's state
// folder (journal.json, 0600, in a 0700 folder), at most 24 hours, one entry per write: a SHA-256 of
// (account, method, path, canonical body) with its key, the method and the path, never the body. The
// account is the base URL and a SHA-256 of the API key (a write needs no GET /me to know it).
//
// Only the client's own random keys are journaled: a key the user gave wins, and bulk jobs derive theirs
// and resolve unknown rows by reading the account. A later write to the same object whose outcome is
// known drops the entries of that object, so A → B → A never replays B's old answer.
import { OutcomeUnknownError, ApiError } from '../errors.js';
import { canonicalJson } from './canonical-json.js';
import { idempotencyKeyProblem } from './rules.js';
import type { RawResponse } from './failures.js';
// The file helpers load with the first write (private-dir.ts brings node:crypto through lock-file.ts).
const files = () => Promise.all([import('../fs/durable.js'), import('../fs/private-dir.js')]);
import { dirname } from 'node:path';

export const JOURNAL_HOURS = 24;
const MAX_BYTES = 4 * 1024 * 1024;
const MAX_ENTRIES = 5000;

export interface JournalEntry {
  /** SHA-256 hex of (account, method, path, canonical body). */
  fp: string;
  key: string;
  method: string;
  /** The request path with its query (ids are not secrets; bodies are never kept). */
  path: string;
  /** When the write ended unknown (ISO, wall clock: compared across runs). */
  at: string;
}

/** What the client needs from the journal (an interface: the client never touches files itself). */
export interface WriteJournal {
  fingerprint(method: string, path: string, body: unknown): string;
  find(fp: string): Promise<JournalEntry | undefined>;
  /** A write ended unknown: keep its key. False when the journal could not be written (a warning said so). */
  remember(entry: Omit<JournalEntry, 'at'>): Promise<boolean>;
  /** A write with a known outcome: drop its entry and, given the object's path, every entry of that object. */
  forget(fp: string, objectPath: string | undefined): Promise<void>;
}

/** A body sent as JSON text is compared by content (key order aside); any other text as it is. */
function parsedOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const sha256 = (text: string) =>
  process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex');

export class FileJournal implements WriteJournal {
  private account: string | undefined;
  private entries: JournalEntry[] | undefined;
  private broken = false;

  constructor(
    private readonly file: string,
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly wallNow: () => number,
    /** One line to the human when the journal cannot be used (the write goes on without it). */
    private readonly warn: (line: string) => void,
  ) {}

  fingerprint(method: string, path: string, body: unknown): string {
    const text = canonicalJson(typeof body === 'string' ? parsedOr(body) : (body ?? null));
    // Hashed on the first write, never for a read (node:crypto is ~40 of Node's modules).
    this.account ??= `${this.baseUrl.replace(/\/+$/, '')}\0${sha256(this.apiKey)}`;
    return sha256(`${this.account}\0${method}\0${path}\0${text}`);
  }

  async find(fp: string): Promise<JournalEntry | undefined> {
    return (await this.load()).find((e) => e.fp === fp);
  }

  async remember(entry: Omit<JournalEntry, 'at'>): Promise<boolean> {
    const now = new Date(this.wallNow()).toISOString();
    return this.update((all) => [...all.filter((e) => e.fp !== entry.fp), { ...entry, at: now }].slice(-MAX_ENTRIES));
  }

  async forget(fp: string, objectPath: string | undefined): Promise<void> {
    const hit = (e: JournalEntry) => e.fp === fp || (objectPath !== undefined && e.path === objectPath);
    if (!(await this.load()).some(hit)) return; // the usual case: nothing kept, no file written
    await this.update((all) => all.filter((e) => !hit(e)));
  }

  /** Read again before each change: another run may have written meanwhile. True once written. */
  private async update(change: (all: JournalEntry[]) => JournalEntry[]): Promise<boolean> {
    this.entries = undefined;
    const next = change(await this.load());
    if (this.broken) return false;
    try {
      const [{ replaceFile }, { privateDirProblem }] = await files();
      const { mkdir } = process.getBuiltinModule('node:fs/promises');
      await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
      const problem = await privateDirProblem(dirname(this.file));
      if (problem) throw new Error(problem);
      await replaceFile(this.file, JSON.stringify({ version: 1, entries: next }) + '\n', {
        mode: 0o600,
        forceMode: true,
        what: `the journal ${this.file}`,
      });
      this.entries = next;
      return true;
    } catch (e) {
      this.disable(`could not write the journal ${this.file}: ${(e as Error).message}`);
      return false;
    }
  }

  private async load(): Promise<JournalEntry[]> {
    if (this.entries) return this.entries;
    if (this.broken) return [];
    let text: string;
    try {
      const [, { privateDirProblem, readPrivateFile }] = await files();
      const problem = await privateDirProblem(dirname(this.file));
      if (problem) throw new Error(problem);
      text = await readPrivateFile(this.file, { secret: true, maxBytes: MAX_BYTES });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return (this.entries = []);
      this.disable(`could not read the journal ${this.file}: ${(e as Error).message}`);
      return [];
    }
    const oldest = this.wallNow() - JOURNAL_HOURS * 3600_000;
    try {
      const doc = JSON.parse(text) as { entries?: unknown };
      const list = Array.isArray(doc.entries) ? doc.entries : [];
      this.entries = list.filter(
        (e): e is JournalEntry =>
          typeof e?.fp === 'string' &&
          typeof e.key === 'string' &&
          idempotencyKeyProblem(e.key) === undefined && // sent as a header and printed: never an edited one
          /^[\x21-\x7e]+$/.test(e.key) &&
          typeof e.method === 'string' &&
          typeof e.path === 'string' &&
          typeof e.at === 'string' &&
          Date.parse(e.at) >= oldest &&
          Date.parse(e.at) <= this.wallNow() + 3600_000, // a clock put back: an entry from the future is not trusted
      );
    } catch {
      this.warn(`the journal ${this.file} is not valid JSON: it is replaced at the next unknown outcome`);
      this.entries = [];
    }
    return this.entries;
  }

  private disable(line: string): void {
    if (!this.broken) this.warn(`${line}; writes whose outcome is lost cannot be resumed with the same key`);
    this.broken = true;
  }
}

/**
 * One write with the client's own key, through the journal: a create or delete (or any write of
 * `cardqr api` with a body) kept after a lost answer is sent again with its key, and says so; a known
 * outcome drops what was kept. `send(key)` is the client's exchange (its retries and errors).
 */
export async function journaled(
  journal: WriteJournal,
  req: { method: string; url: URL; body: unknown; any: boolean },
  notice: ((line: string) => void) | undefined,
  send: (key: string | undefined) => Promise<RawResponse>,
): Promise<RawResponse> {
  const { method, url } = req;
  const where = url.pathname + url.search;
  const fp = journal.fingerprint(method, where, req.body);
  const kept = method === 'POST' || method === 'DELETE' || req.any;
  const earlier = kept ? await journal.find(fp) : undefined;
  if (earlier)
    notice?.(
      `${method} ${url.pathname}: the same request ended with its outcome unknown at ${earlier.at}; sending it again with its Idempotency-Key ${earlier.key}, so it cannot act twice`,
    );
  // A known outcome drops what was kept: this request's entry, and (for a write to one object) the
  // object's other entries. A collection's path (a create) is shared by other creates: only by fingerprint.
  const object = method === 'POST' ? undefined : where;
  try {
    const res = await send(earlier?.key);
    await journal.forget(fp, object);
    return res;
  } catch (e) {
    if (e instanceof OutcomeUnknownError && kept && e.key) {
      // The last line says how to settle it: once the key is kept, simply running it again.
      if (await journal.remember({ fp, key: e.key, method, path: where }))
        e.lines[e.lines.length - 1] =
          `run the same command again within ${JOURNAL_HOURS} h to settle it: it reuses that key, so it cannot act twice`;
    } else if (e instanceof ApiError) await journal.forget(fp, object);
    throw e;
  }
}

// statePath persistence: the store as JSON, written atomically (temp file + fsync + rename), debounced
// after changes and flushed on close; loaded at start when the file exists. The file holds API key
// secrets: it is created 0600, through a temp of unpredictable name opened O_EXCL|O_NOFOLLOW, so a
// file or symlink planted beside it is never written through.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { StoreData } from './model.js';

export function loadState(path: string): StoreData | undefined {
  if (!existsSync(path)) return undefined;
  let data: StoreData;
  try {
    data = JSON.parse(readFileSync(path, 'utf8')) as StoreData;
  } catch (e) {
    throw new Error(`Cannot read emulator state ${path}: ${(e as Error).message}`);
  }
  const lists = [
    'accounts',
    'apiKeys',
    'templates',
    'cards',
    'qrCodes',
    'campaigns',
    'leads',
    'scans',
    'trash',
  ] as const;
  if (data?.version !== 1 || lists.some((k) => !Array.isArray(data[k]))) {
    throw new Error(`Emulator state ${path} is not a state file of this version (delete it to start from the seed).`);
  }
  return data;
}

const TEMP_FLAGS = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0);

/** The temp file beside `path` (tests pass `suffix` to plant something at that name first). */
export const stateTempPath = (path: string, suffix: string): string => `${path}.${suffix}.tmp`;

/**
 * Replace `path` with the state, or throw and leave `path` as it was (and no temp file behind).
 * `path` itself is replaced by the rename: a symlink there is replaced, never written through.
 */
export function writeStateAtomic(path: string, data: StoreData, suffix = randomBytes(16).toString('hex')): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = stateTempPath(path, suffix);
  const fd = openSync(tmp, TEMP_FLAGS, 0o600);
  try {
    try {
      writeAll(fd, Buffer.from(JSON.stringify(data), 'utf8'));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
    throw e;
  }
}

function writeAll(fd: number, bytes: Buffer): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
}

export class Persister {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => StoreData,
    private readonly log: (line: string) => void,
    private readonly debounceMs = 20,
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
  }

  /** Write now; throws (used at start, where a state file that cannot be written is a startup error). */
  save(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    writeStateAtomic(this.path, this.snapshot());
  }

  /** Write now; a failure is logged and the emulator keeps serving (the next change tries again). */
  flush(): void {
    try {
      this.save();
    } catch (e) {
      this.log(`emulator: the state was not saved to ${this.path}: ${(e as Error).message}`);
    }
  }

  /** Flush only when a write is pending. */
  close(): void {
    if (this.timer) this.flush();
  }
}

// statePath persistence: the store as JSON, written atomically (temp file + rename), debounced after
// changes and flushed on close; loaded at start when the file exists.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

export function writeStateAtomic(path: string, data: StoreData): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, JSON.stringify(data));
  renameSync(tmp, path);
}

export class Persister {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => StoreData,
    private readonly debounceMs = 20,
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    writeStateAtomic(this.path, this.snapshot());
  }

  /** Flush only when a write is pending. */
  close(): void {
    if (this.timer) this.flush();
  }
}

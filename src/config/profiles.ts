// Profile store: one JSON file (mode 0600; a directory cardqr creates is 0700, an existing one is
// never chmod-ed). A change takes `config.json.lock` (writers wait their turn), re-reads the file
// under it, applies the change and replaces the file atomically (src/fs/durable.ts: temporary file
// in the same directory, fsync, rename): a full disk or a kill leaves the previous file, and 20
// parallel `profiles add` keep all 20.
import { dirname, join } from 'node:path';
import { CliError, UsageError } from '../errors.js';
import type { HeldLock } from '../lock-file.js';
import { readFileBoundedSync } from '../fs/bounded.js';
import { OWN_NAMES } from '../fs/own-names.js';
const { mkdirSync, statSync } = process.getBuiltinModule('node:fs');

export interface Profile {
  name: string;
  baseUrl: string;
  /** The stored key; absent when `keyCommand` provides it. */
  apiKey?: string;
  /** `profiles add --api-key-command`: run on each use, its first line is the key (never stored). */
  keyCommand?: string;
  /**
   * A PEM file of CA certificates trusted for this profile's API, added to (never replacing) Node's
   * roots, the system's store and NODE_EXTRA_CA_CERTS (PRODUCT section 15); stored as an absolute path.
   */
  caFile?: string;
  keyId?: string;
  keyName?: string;
  account?: { id?: string; email?: string; plan?: string };
  scopes?: string[];
  campaignId?: string | null;
  requestsPerMinute?: number;
  verifiedAt?: string;
}

interface StoreFile {
  defaultProfile?: string;
  profiles?: Record<string, Profile>;
}

export const CONFIG_FILE = OWN_NAMES.profileStore;

export class ProfileStore {
  readonly file: string;
  private cache: StoreFile | undefined;

  constructor(readonly dir: string) {
    this.file = join(dir, CONFIG_FILE);
  }

  private read(): StoreFile {
    if (this.cache) return this.cache;
    let text: string;
    try {
      // 16 MiB: a store of profiles is a few KiB; a file grown past it is not read into memory.
      text = readFileBoundedSync(this.file, { what: 'the profile store', maxBytes: 16 * 1024 * 1024 });
    } catch (e) {
      if (e instanceof UsageError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return (this.cache = {});
      throw new UsageError(
        `cannot read the profile store ${this.file} (${code ?? (e as Error).message}): check its permissions, or set CARDQR_CONFIG_DIR`,
      );
    }
    // A damaged store is one line saying what to do, never "unexpected failure"; nothing is rewritten.
    const fix = `fix it by hand, or move it aside (mv ${this.file} ${this.file}.bad) and add the profiles again with \`cardqr profiles add\``;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      // JSON.parse's message quotes the text around the error, which may be a stored key: never shown.
      throw new UsageError(
        `the profile store ${this.file} is not valid JSON (no part of it is shown: it holds API keys): ${fix}`,
      );
    }
    const profiles = (data as StoreFile | null)?.profiles;
    const shapeOk =
      isObject(data) &&
      (profiles === undefined ||
        (isObject(profiles) && Object.values(profiles).every((p) => isObject(p) && typeof p.name === 'string')));
    if (!shapeOk)
      throw new UsageError(
        `the profile store ${this.file} is not a cardqr profile store (unexpected structure): ${fix}`,
      );
    this.cache = data as StoreFile;
    return this.cache;
  }

  list(): Profile[] {
    return Object.values(this.read().profiles ?? {}).sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): Profile | undefined {
    const profiles = this.read().profiles;
    // Own names only: `constructor` or `__proto__` must not find Object.prototype's members.
    return profiles && Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  }

  defaultName(): string | undefined {
    return this.read().defaultProfile;
  }

  /** A warning when the store is readable by others (it holds API keys). */
  permissionWarning(): string | undefined {
    if (process.platform === 'win32') return undefined;
    try {
      const mode = statSync(this.file).mode & 0o777;
      if (mode & 0o077) {
        return `${this.file} is readable by other users (mode ${mode.toString(8)}); run: chmod 600 ${this.file}`;
      }
    } catch {
      /* no file yet */
    }
    return undefined;
  }

  async save(profile: Profile, makeDefault: boolean): Promise<void> {
    await this.update((data) => {
      data.profiles = { ...(data.profiles ?? {}), [profile.name]: profile };
      if (makeDefault || !data.defaultProfile) data.defaultProfile = profile.name;
    });
  }

  /**
   * Changes one stored profile in place, under the lock (as stored now, not as read earlier): the
   * other fields stay. Says whether the profile was there.
   */
  async change(name: string, edit: (p: Profile) => void): Promise<boolean> {
    let found = false;
    await this.update((data) => {
      const now = data.profiles && Object.hasOwn(data.profiles, name) ? data.profiles[name] : undefined;
      if (!now) return;
      found = true;
      const next = { ...now };
      edit(next);
      data.profiles = { ...data.profiles, [name]: next };
    });
    return found;
  }

  /** `onlyIf`: checked on the profile as stored now (under the lock); false leaves it. Says whether it went. */
  async remove(name: string, onlyIf?: (p: Profile) => boolean): Promise<boolean> {
    let removed = false;
    await this.update((data) => {
      const now = data.profiles && Object.hasOwn(data.profiles, name) ? data.profiles[name] : undefined;
      if (!now || (onlyIf && !onlyIf(now))) return;
      removed = true;
      const rest = { ...(data.profiles ?? {}) };
      delete rest[name];
      data.profiles = rest;
      if (data.defaultProfile === name) data.defaultProfile = Object.keys(rest).sort()[0];
    });
    return removed;
  }

  async setDefault(name: string): Promise<void> {
    await this.update((data) => {
      data.defaultProfile = name;
    });
  }

  private async update(change: (data: StoreFile) => void): Promise<void> {
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 }); // only what it creates; an existing directory keeps its mode
    } catch (e) {
      throw new CliError(
        `cannot create the configuration directory ${this.dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
        1,
      );
    }
    // Writing loads its modules here: every command reads the store, few write it (start-up).
    const { replaceFile, sweepTempFiles } = await import('../fs/durable.js');
    const { resolvedPath } = await import('../fs/real-path.js');
    // The file, not the path: a store that is a symlink (dotfiles) is written through, and one lock
    // serves every name of it.
    const target = resolvedPath(this.file);
    for (let attempt = 0; ; attempt++) {
      const lock = await lockStore(`${target}.lock`);
      try {
        await sweepTempFiles(dirname(target), [target]); // a save cut short by a kill
        this.cache = undefined;
        const data = { ...this.read() }; // re-read under the lock: another writer may have just saved
        change(data);
        const file: StoreFile = {
          ...(data.defaultProfile !== undefined ? { defaultProfile: data.defaultProfile } : {}),
          profiles: data.profiles ?? {},
        };
        // A takeover race can (rarely) move a lock from under its holder: then read and merge again.
        if (!(await lock.stillHeld())) {
          if (attempt < 5) continue;
          throw new CliError(
            'the profile store lock kept being taken over while saving; nothing was saved: run the command again',
            1,
          );
        }
        await replaceFile(target, JSON.stringify(file, null, '\t') + '\n', {
          mode: 0o600,
          forceMode: true,
          what: `the profile store ${this.file}`,
        });
        return;
      } finally {
        this.cache = undefined;
        await lock.release();
      }
    }
  }
}

class StoreBusy extends UsageError {}

/** Waits (up to a minute) for the store's lock: writers take turns instead of failing. */
async function lockStore(path: string): Promise<HeldLock> {
  const busy = (p: string) =>
    new StoreBusy(`the profile store is busy: another cardqr has held ${p} for a minute`, [
      'if no cardqr is running, delete the lock file',
    ]);
  const { acquireLock } = await import('../lock-file.js');
  const until = performance.now() + 60_000; // monotonic: a clock step neither ends nor stretches the wait
  for (;;) {
    try {
      return await acquireLock(path, new Date(), busy);
    } catch (e) {
      if (!(e instanceof StoreBusy) || performance.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 10 + Math.floor(Math.random() * 30)));
    }
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

export function maskKey(key: string): string {
  // As src/redact.ts: the last 4 of a short key would give away too much of it.
  return key.length >= 16 ? `****${key.slice(-4)}` : '****';
}

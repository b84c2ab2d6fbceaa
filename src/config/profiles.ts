// Profile store. The file is written with `conf` (mode 0600 in a 0700 directory); reads go
// straight to the JSON file, so one-request commands do not pay conf's start-up cost.
import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';

export interface Profile {
  name: string;
  baseUrl: string;
  /** The stored key; absent when `keyCommand` provides it. */
  apiKey?: string;
  /** `profiles add --api-key-command`: run on each use, its first line is the key (never stored). */
  keyCommand?: string;
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

export const CONFIG_FILE = 'config.json';

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
      text = readFileSync(this.file, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return (this.cache = {});
      throw new UsageError(`cannot read the profile store ${this.file} (${code ?? (e as Error).message}): check its permissions, or set CARDQR_CONFIG_DIR`);
    }
    // A damaged store is one line saying what to do, never "unexpected failure"; nothing is rewritten.
    const fix = `fix it by hand, or move it aside (mv ${this.file} ${this.file}.bad) and add the profiles again with \`cardqr profiles add\``;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`the profile store ${this.file} is not valid JSON (${(e as Error).message.split('\n')[0]}): ${fix}`);
    }
    const profiles = (data as StoreFile | null)?.profiles;
    const shapeOk = isObject(data) && (profiles === undefined || (isObject(profiles) && Object.values(profiles).every((p) => isObject(p) && typeof p.name === 'string')));
    if (!shapeOk) throw new UsageError(`the profile store ${this.file} is not a cardqr profile store (unexpected structure): ${fix}`);
    this.cache = data as StoreFile;
    return this.cache;
  }

  list(): Profile[] {
    return Object.values(this.read().profiles ?? {}).sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): Profile | undefined {
    return this.read().profiles?.[name];
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
        return `warning: ${this.file} is readable by other users (mode ${mode.toString(8)}); run: chmod 600 ${this.file}`;
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

  async remove(name: string): Promise<void> {
    await this.update((data) => {
      const rest = { ...(data.profiles ?? {}) };
      delete rest[name];
      data.profiles = rest;
      if (data.defaultProfile === name) data.defaultProfile = Object.keys(rest).sort()[0];
    });
  }

  async setDefault(name: string): Promise<void> {
    await this.update((data) => {
      data.defaultProfile = name;
    });
  }

  private async update(change: (data: StoreFile) => void): Promise<void> {
    this.read(); // a damaged store is refused before conf could throw or overwrite it
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    chmodSync(this.dir, 0o700);
    const { default: Conf } = await import('conf');
    const conf = new Conf<StoreFile>({
      cwd: this.dir,
      configName: 'config',
      projectName: 'cardqr',
      configFileMode: 0o600,
    });
    const data: StoreFile = { defaultProfile: conf.get('defaultProfile'), profiles: conf.get('profiles') };
    change(data);
    if (data.defaultProfile === undefined) conf.delete('defaultProfile');
    else conf.set('defaultProfile', data.defaultProfile);
    conf.set('profiles', data.profiles ?? {});
    chmodSync(this.file, 0o600);
    this.cache = undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

export function maskKey(key: string): string {
  return `****${key.slice(-4)}`;
}

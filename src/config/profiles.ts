// Profile store. The file is written with `conf` (mode 0600 in a 0700 directory); reads go
// straight to the JSON file, so one-request commands do not pay conf's start-up cost.
import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
    try {
      this.cache = JSON.parse(readFileSync(this.file, 'utf8')) as StoreFile;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new Error(`cannot read the profile store ${this.file}: ${(e as Error).message}`);
      }
      this.cache = {};
    }
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

export function maskKey(key: string): string {
  return `****${key.slice(-4)}`;
}

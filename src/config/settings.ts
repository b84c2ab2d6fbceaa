// Resolves what a run uses: flag > environment > profile > built-in default (PRODUCT §2).
import { UsageError } from '../errors.js';
import type { OutputFlags } from '../output/settings.js';
import type { Profile, ProfileStore } from './profiles.js';

/** Every global flag as parsed; the output ones are OutputFlags (output/settings.ts). */
export interface GlobalOptions extends OutputFlags {
  profile?: string;
  apiKeyStdin?: boolean;
  baseUrl?: string;
  verbose?: boolean;
  timeout?: number;
  maxRetries?: number;
  yes?: boolean;
}

export interface Settings {
  baseUrl: string;
  apiKey: string;
  profile?: Profile;
  requestsPerMinute?: number;
}

export const DEFAULT_TIMEOUT_S = 30;
export const DEFAULT_MAX_RETRIES = 4;
/** --timeout at most one hour (README, Reliability). */
export const MAX_TIMEOUT_S = 3600;

export function resolveProfile(
  globals: GlobalOptions,
  env: Readonly<Record<string, string | undefined>>,
  store: ProfileStore,
): Profile | undefined {
  const name = globals.profile ?? env.CARDQR_PROFILE;
  if (name !== undefined) {
    const found = store.get(name);
    if (!found) {
      const known = store.list().map((p) => p.name);
      throw new UsageError(
        `no profile named "${name}"` +
          (known.length ? ` (profiles: ${known.join(', ')})` : '; add one with `cardqr profiles add`'),
      );
    }
    return found;
  }
  const def = store.defaultName();
  return def ? store.get(def) : undefined;
}

export function resolveSettings(
  globals: GlobalOptions,
  env: Readonly<Record<string, string | undefined>>,
  store: ProfileStore,
  stdinKey?: string,
  /** The key printed by the profile's key command (run by the caller, only when needed: keyCommandNeeded). */
  commandKey?: string,
): Settings {
  const profile = resolveProfile(globals, env, store);
  const baseUrl = globals.baseUrl ?? env.CARDQR_BASE_URL ?? profile?.baseUrl;
  if (!baseUrl) {
    throw new UsageError(
      'no API base URL: add a profile with `cardqr profiles add`, or pass --base-url / set CARDQR_BASE_URL',
    );
  }
  const apiKey = stdinKey ?? env.CARDQR_API_KEY ?? profile?.apiKey ?? commandKey;
  if (!apiKey) {
    throw new UsageError(
      'no API key: add a profile with `cardqr profiles add`, or use --api-key-stdin / CARDQR_API_KEY',
    );
  }
  const keyFromProfile = apiKey === (profile?.apiKey ?? commandKey);
  return {
    baseUrl: checkBaseUrl(baseUrl),
    apiKey,
    profile,
    requestsPerMinute: keyFromProfile ? profile?.requestsPerMinute : undefined,
  };
}

/** The profile's key command runs only when nothing before it (stdin, CARDQR_API_KEY, a stored key) gave a key. */
export function keyCommandNeeded(
  profile: Profile | undefined,
  env: Readonly<Record<string, string | undefined>>,
  stdinKey?: string,
): profile is Profile & { keyCommand: string } {
  return stdinKey === undefined && !env.CARDQR_API_KEY && !profile?.apiKey && Boolean(profile?.keyCommand);
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** localhost, 127.0.0.0/8 or [::1]: the hosts plain http:// may go to (the API's rule, PRODUCT §3). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/** The key travels only over HTTPS; plain http is allowed for loopback hosts (the emulator). */
export function checkBaseUrl(given: string): string {
  // A user:password@ part is never shown, even in the error that refuses it.
  const raw = given.replace(/\/\/[^/?#]*@/, '//****@');
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`invalid base URL "${raw}": expected e.g. https://api.example.com/v1`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`invalid base URL "${raw}": only https:// is supported`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(
      `refusing plain http:// to ${url.hostname}: the API key is sent only over https (http is allowed for localhost only)`,
    );
  }
  if (url.username || url.password) {
    throw new UsageError(
      `invalid base URL "${raw}": credentials in the URL (user:password@) are refused; the API key is the only credential`,
    );
  }
  if (url.search || url.hash) throw new UsageError(`invalid base URL "${raw}": no query or fragment allowed`);
  return url.toString().replace(/\/+$/, '');
}

// The global flags, their defaults and the base URL's rule. Which credentials a run uses (flag >
// environment > profile, PRODUCT §2) is config/credentials.ts.
import { UsageError } from '../errors.js';
import type { OutputFlags } from '../output/settings.js';

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

export const DEFAULT_TIMEOUT_S = 30;
export const DEFAULT_MAX_RETRIES = 4;
/** --timeout at most one hour (README, Reliability). */
export const MAX_TIMEOUT_S = 3600;

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

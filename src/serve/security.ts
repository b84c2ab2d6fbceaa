// The gate of `cardqr serve` (PRODUCT §19): who may talk to the local server. A one-time URL token
// (once, within 60 s) becomes a session cookie (HttpOnly, SameSite=Strict); the Host and Origin of
// every request are this server's own (DNS rebinding, other sites); every non-GET carries the
// session's CSRF token. Sessions live in memory only: a restart prints a new URL.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a one-time URL token works. */
export const TOKEN_TTL_MS = 60_000;

export interface Session {
  id: string;
  csrf: string;
}

const secret = () => randomBytes(32).toString('base64url');

/** Equal strings in time that does not depend on where they differ. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class Gate {
  private readonly tokens = new Map<string, number>();
  private readonly sessions = new Map<string, Session>();
  readonly cookieName: string;

  constructor(
    readonly port: number,
    private readonly clock: () => number,
  ) {
    this.cookieName = `cardqr-serve-${port}`;
  }

  /** The hosts a browser may name: this server, by address or by name; never another name (rebinding). */
  hostAllowed(host: string | undefined): boolean {
    return host === `127.0.0.1:${this.port}` || host === `localhost:${this.port}`;
  }

  /** An Origin, when sent, is this server's own; a write must send one. */
  originAllowed(origin: string | undefined, write: boolean): boolean {
    if (origin === undefined) return !write;
    return origin === `http://127.0.0.1:${this.port}` || origin === `http://localhost:${this.port}`;
  }

  /** A new one-time token, valid for TOKEN_TTL_MS from now. */
  mintToken(): string {
    const now = this.clock();
    for (const [t, expires] of this.tokens) if (expires <= now) this.tokens.delete(t);
    const token = secret();
    this.tokens.set(token, now + TOKEN_TTL_MS);
    return token;
  }

  /** Spends a token: a new session when it was minted here, unused and not expired; undefined otherwise. */
  exchange(token: string | undefined): Session | undefined {
    if (typeof token !== 'string' || !token) return undefined;
    let found: [string, number] | undefined;
    for (const entry of this.tokens) if (sameSecret(token, entry[0])) found = entry;
    if (!found) return undefined;
    this.tokens.delete(found[0]);
    if (found[1] <= this.clock()) return undefined;
    const session = { id: secret(), csrf: secret() };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The session a request's cookie names, if any. */
  sessionOf(cookieHeader: string | undefined): Session | undefined {
    const id = cookieValue(cookieHeader, this.cookieName);
    if (!id) return undefined;
    for (const [sid, session] of this.sessions) if (sameSecret(id, sid)) return session;
    return undefined;
  }

  end(session: Session): void {
    this.sessions.delete(session.id);
  }

  /** The Set-Cookie of a session: never readable by a script, never sent from another site. */
  cookie(session: Session): string {
    return `${this.cookieName}=${session.id}; HttpOnly; SameSite=Strict; Path=/`;
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Headers on every answer: no inline script, no framing, no referrer, no CORS, nothing cached. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

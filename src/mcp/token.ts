// The bearer token of `cardqr mcp --http`: 32 random bytes (hex) in a 0600 file in the state folder,
// made on first use and kept until `--rotate-token`. Never in argv or a URL; compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { UsageError } from '../errors.js';
import { replaceFile } from '../fs/durable.js';
import { readPrivateFile } from '../fs/private-dir.js';

const TOKEN = /^[0-9a-f]{64}$/;

/** The token in `path`, made when missing or when `rotate`. */
export async function loadToken(path: string, rotate: boolean): Promise<{ token: string; made: boolean }> {
  if (!rotate) {
    const text = await readPrivateFile(path, { secret: true, maxBytes: 4096 }).catch((e: unknown) => {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new UsageError(`the token file ${path} cannot be used: ${(e as Error).message}`, [
        'cardqr mcp --http --rotate-token writes a new one (every client then needs the new token)',
      ]);
    });
    const token = text?.trim();
    if (token !== undefined && TOKEN.test(token)) return { token, made: false };
    if (token !== undefined)
      throw new UsageError(`the token file ${path} does not hold a cardqr token`, [
        'cardqr mcp --http --rotate-token writes a new one',
      ]);
  }
  const token = randomBytes(32).toString('hex');
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await replaceFile(path, `${token}\n`, { mode: 0o600, forceMode: true, what: `the token file ${path}` });
  return { token, made: true };
}

/** `Authorization: Bearer <token>` names this token (constant time, whatever the lengths). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer ([^\s]+)$/i.exec(header ?? ''); // the scheme is case-insensitive (RFC 9110)
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const ok = timingSafeEqual(digest(m?.[1] ?? ''), digest(token));
  return ok && m !== null;
}

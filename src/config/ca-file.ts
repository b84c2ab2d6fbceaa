// A profile's caFile (PRODUCT §15, HTTPS): a PEM file of CA certificates, read and checked before any
// request. Missing, unreadable, not a file, or holding no certificate (or one that cannot be parsed): exit
// 2 naming the path and the profile, nothing sent. Loaded only when a profile names one.
import { X509Certificate } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import type { CaFile } from '../api/trust.js';
import { UsageError } from '../errors.js';
import { readFileBoundedSync } from '../fs/bounded.js';
const { statSync } = process.getBuiltinModule('node:fs');

/** A bundle of every public root is ~200 KiB; a CA file past 16 MiB is not one. */
const MAX_BYTES = 16 * 1024 * 1024;

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

export interface CaFileWords {
  /** The profile that names the file (or is about to). */
  profile?: string;
  /** Said after the problem: what the user can do (default: how to fix the profile). */
  fix?: string;
}

/** Reads and checks the PEM file at `path`; any problem is a UsageError naming the path and profile. */
export function loadCaFile(path: string, words: CaFileWords = {}): CaFile {
  const of = words.profile !== undefined ? ` of profile "${words.profile}"` : '';
  const fix =
    words.fix ??
    (words.profile !== undefined
      ? `fix it with \`cardqr profiles set ${words.profile} --ca-file <ca.pem>\`, or drop it with \`cardqr profiles set ${words.profile} --no-ca-file\``
      : 'name a PEM file of CA certificates');
  const fail = (problem: string) => new UsageError(`the CA file ${path}${of} ${problem}; nothing was sent`, [fix]);
  let text: string;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw fail('is not a regular file');
    text = readFileBoundedSync(path, { what: `the CA file${of}`, maxBytes: MAX_BYTES });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw fail(code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? (e as Error).message})`);
  }
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (!blocks.length) throw fail('holds no certificate (no -----BEGIN CERTIFICATE----- block)');
  blocks.forEach((block, i) => {
    try {
      new X509Certificate(block);
    } catch {
      throw fail(`holds a certificate that cannot be read (certificate ${i + 1} of ${blocks.length})`);
    }
  });
  return { path, pem: text, profile: words.profile };
}

/** The path as stored in a profile: absolute (relative to the current folder as given). */
export function absoluteCaPath(given: string): string {
  return isAbsolute(given) ? given : resolve(given);
}

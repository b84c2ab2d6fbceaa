// `cardqr emulator --tls`: the emulator's local CA and the certificate it serves (PRODUCT section 15).
//
// The CA (ECDSA P-256, SHA-256, ~10 years, CA:true pathLen 0, keyCertSign|cRLSign) is made once in the
// user's state folder (config/paths.ts emulatorCaFiles: `emulator-ca/`, 0700; key 0600, certificate
// 0644) and read on every later run, so a profile that trusts it keeps working across restarts. A
// folder that is a symbolic link, another user's, or open to others is refused (exit 2), never repaired;
// a CA that cannot be read or does not hold together is one line saying to remove the folder.
//
// The server's certificate (localhost, 127.0.0.1, ::1 and the --host given; serverAuth; under 398
// days) is made fresh on every run and never stored: its key then never touches the disk, nothing of it
// can go stale or be left behind, and its names follow --host. It costs a few milliseconds.
//
// Node's crypto cannot issue certificates: @peculiar/x509 builds them over WebCrypto. This module is the
// one that imports it, and it is loaded only with --tls (`await import()`), so no other run loads it.
import 'reflect-metadata'; // tsyringe, which @peculiar/x509 uses, needs it before x509 is imported
import * as x509 from '@peculiar/x509';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { isIP } from 'node:net';
import { basename, join } from 'node:path';
import { CliError, UsageError } from '../../errors.js';
import { replaceFile, WriteError } from '../../fs/durable.js';
import { createPrivateDir, privateDirProblem, readPrivateFile } from '../../fs/private-dir.js';

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const DAY = 24 * 60 * 60 * 1000;
const CA_DAYS = 3650;
const LEAF_DAYS = 365; // browsers refuse a server certificate valid for more than 398 days
const PEM_MAX = 64 * 1024;
const NAMES = ['localhost', '127.0.0.1', '::1'];

/** Absolute paths (config/paths.ts emulatorCaFiles). */
export interface CaFiles {
  dir: string;
  cert: string;
  key: string;
}

export interface EmulatorTls {
  /** The server's key and certificate, PEM, for createEmulator({ tls }). */
  key: string;
  cert: string;
  /** The CA certificate's absolute path (the profile's caFile). */
  caFile: string;
  /** True when this run made the CA (false: an earlier run's, reused). */
  created: boolean;
}

/**
 * The certificate the emulator serves, issued by the local CA in `files` (made there on first use).
 * `host` is the address it listens on (named in the certificate too when it is not a loopback default).
 */
export async function emulatorTls(files: CaFiles, now: Date, host?: string): Promise<EmulatorTls> {
  const problem = await privateDirProblem(files.dir).catch((e: unknown) => errnoText(e));
  if (problem)
    throw new UsageError(
      `the emulator's CA folder is not trusted: ${problem}; remove it (rm -r ${files.dir}) and a new CA is made on the next start`,
    );
  let created = false;
  let ca = await readCa(files, now);
  if (!ca) {
    const made = await makeCa(now);
    created = await createPrivateDir(files.dir, async (tmp) => {
      // The key first: a folder renamed into place always holds both.
      await replaceFile(join(tmp, basename(files.key)), made.keyPem, { mode: 0o600, forceMode: true });
      await replaceFile(join(tmp, basename(files.cert)), made.certPem, { mode: 0o644, forceMode: true });
    }).catch((e: unknown) => {
      if (e instanceof CliError) throw e;
      throw new WriteError(`the emulator's CA folder ${files.dir}`, e, [
        'set CARDQR_STATE_DIR to a folder you can write',
      ]);
    });
    // Another emulator started at the same moment made it first: use that one.
    ca = created ? made : await readCa(files, now);
    if (!ca) throw damaged(files, 'it vanished while it was being made');
  }
  const leaf = await issueLeaf(ca, now, host);
  return { ...leaf, caFile: files.cert, created };
}

interface Ca {
  cert: x509.X509Certificate;
  signingKey: CryptoKey;
  certPem: string;
  keyPem: string;
}

/** The CA stored in `files`, undefined when there is no folder; a UsageError when it cannot be used. */
async function readCa(files: CaFiles, now: Date): Promise<Ca | undefined> {
  let certPem: string;
  let keyPem: string;
  try {
    certPem = await readPrivateFile(files.cert, { secret: false, maxBytes: PEM_MAX });
    keyPem = await readPrivateFile(files.key, { secret: true, maxBytes: PEM_MAX });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code;
    if (code === 'ENOENT' && !(await exists(files.dir))) return undefined;
    throw damaged(files, code === 'ENOENT' ? `${(e as { path?: string }).path ?? 'a file'} is missing` : errnoText(e));
  }
  const cert = basename(files.cert);
  const key = basename(files.key);
  try {
    const node = attempt(() => new X509Certificate(certPem), `${cert} is not a certificate`);
    const privateKey = attempt(() => createPrivateKey(keyPem), `${key} is not a private key`);
    if (!node.ca) throw new Error(`${cert} is not a CA certificate`);
    if (!node.checkPrivateKey(privateKey)) throw new Error(`${key} is not the key of ${cert}`);
    if (Date.parse(node.validTo) <= now.getTime()) throw new Error(`the CA expired on ${node.validTo}`);
    const signingKey = await crypto.subtle
      .importKey('pkcs8', x509.PemConverter.decode(keyPem)[0], ALG, false, ['sign'])
      .catch(() => Promise.reject(new Error(`${key} is not an ECDSA P-256 key`)));
    return { cert: new x509.X509Certificate(certPem), signingKey, certPem, keyPem };
  } catch (e) {
    throw damaged(files, (e as Error)?.message ?? String(e));
  }
}

/** `make()`, or an Error saying `what` (OpenSSL's own words, "PEM routines::no start line", say little). */
function attempt<T>(make: () => T, what: string): T {
  try {
    return make();
  } catch {
    throw new Error(what);
  }
}

async function makeCa(now: Date): Promise<Ca> {
  const keys = await crypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: 'CN=cardqr emulator local CA, O=cardqr',
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(now.getTime() + CA_DAYS * DAY),
    keys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  const keyPem = x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
  return { cert, signingKey: keys.privateKey, certPem: cert.toString('pem') + '\n', keyPem: keyPem + '\n' };
}

async function issueLeaf(ca: Ca, now: Date, host?: string): Promise<{ key: string; cert: string }> {
  const keys = await crypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  const names = [...NAMES];
  // A wildcard address is reached on 127.0.0.1 (the URL the emulator prints); another address or name
  // given to --host is named too, so the URL it prints verifies.
  const given = host?.replace(/^\[(.*)\]$/, '$1');
  if (given && given !== '0.0.0.0' && given !== '::' && !names.includes(given)) names.push(given);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: 'CN=localhost',
    issuer: ca.cert.subject,
    notBefore: new Date(now.getTime() - DAY),
    // Never past the CA's own end.
    notAfter: new Date(Math.min(now.getTime() + LEAF_DAYS * DAY, ca.cert.notAfter.getTime())),
    signingKey: ca.signingKey,
    publicKey: keys.publicKey,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(
        names.map((value) => ({ type: isIP(value) ? ('ip' as const) : ('dns' as const), value })),
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert.publicKey),
    ],
  });
  const key = x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
  return { key, cert: cert.toString('pem') };
}

/** 16 random bytes as a positive DER integer with no leading zero byte (the first byte 0x40-0x7f). */
function randomSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] & 0x3f) | 0x40;
  return Buffer.from(bytes).toString('hex');
}

function damaged(files: CaFiles, why: string): UsageError {
  return new UsageError(
    `the emulator's local CA in ${files.dir} cannot be used (${why}): remove the folder (rm -r ${files.dir}) and a new CA is made on the next start`,
  );
}

function errnoText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'ELOOP') return `${err.path ?? 'a file'} is a symbolic link`;
  return err?.code ? `${err.path ?? 'a file'}: ${err.code}` : (err?.message ?? String(e));
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

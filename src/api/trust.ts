// What an https request trusts (PRODUCT §15, HTTPS): built by adding, never replacing. Node's own
// roots and NODE_EXTRA_CA_CERTS (tls.getCACertificates('default'), read by Node at start-up), the
// system's store (tls.getCACertificates('system'); where Node cannot read one, the file named by
// SSL_CERT_FILE, else the first readable system bundle file), and a profile's caFile. An agent given
// `ca` trusts only what it is given, so the union is handed over whole, as one SecureContext.
//
// Loaded only for an https request (agents.ts imports it lazily): reading the system store is the
// dearest part (tens of ms: on Linux Node reads every file of the certificate folder), so a run over
// plain http (the emulator) never pays it. The base (everything but a caFile) is read once per
// process, and one SecureContext is made per caFile, shared by every connection and every agent
// (Node would otherwise parse the whole list again for each new connection).
import { createSecureContext, getCACertificates, type SecureContext } from 'node:tls';
import { UsageError } from '../errors.js';
const { readFileSync } = process.getBuiltinModule('node:fs');

type Env = Readonly<Record<string, string | undefined>>;

/** A profile's CA file, already read and checked (config/ca-file.ts). */
export interface CaFile {
  /** Absolute path, as stored in the profile. */
  path: string;
  /** Its PEM text (one or more certificates). */
  pem: string;
  /** The profile that names it, for words. */
  profile?: string;
}

/** Bundle files of the usual systems, tried in order when Node cannot read the system store. */
export const SYSTEM_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt', // Debian, Ubuntu, Gentoo, Arch
  '/etc/pki/tls/certs/ca-bundle.crt', // Fedora, RHEL
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem', // CentOS, RHEL 7+
  '/etc/ssl/ca-bundle.pem', // openSUSE
  '/etc/ssl/cert.pem', // Alpine, macOS, the BSDs
];

interface Base {
  certs: string[];
  /** Whether the system store added a certificate Node's default list lacks (else that list is the union). */
  widened: boolean;
  /** What the base holds, in words: "Node's roots", "NODE_EXTRA_CA_CERTS (…)", "the system store". */
  sources: string[];
}

let base: Base | undefined;
const contexts = new Map<string, SecureContext>();

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate block of a PEM text, one string each. */
export function pemCertificates(text: string): string[] {
  return (text.match(PEM_BLOCK) ?? []).map((b) => `${b.replace(/\r\n?/g, '\n')}\n`);
}

function readBase(env: Env): Base {
  const sources = ["Node's roots"];
  const certs = getCACertificates('default');
  if (getCACertificates('extra').length)
    sources.push(env.NODE_EXTRA_CA_CERTS ? `NODE_EXTRA_CA_CERTS (${env.NODE_EXTRA_CA_CERTS})` : 'NODE_EXTRA_CA_CERTS');
  // With NODE_USE_SYSTEM_CA=1 Node's default list already holds the system store.
  let system: string[] = [];
  if (env.NODE_USE_SYSTEM_CA !== '1') {
    try {
      system = getCACertificates('system');
    } catch {
      system = [];
    }
  }
  if (system.length || env.NODE_USE_SYSTEM_CA === '1') sources.push('the system store');
  else {
    const file = systemBundle(env);
    if (file) {
      system = file.certs;
      sources.push(`the system bundle ${file.path}`);
    }
  }
  const seen = new Set(certs);
  const all = [...certs];
  for (const c of system) {
    if (seen.has(c)) continue;
    seen.add(c);
    all.push(c);
  }
  return { certs: all, sources, widened: all.length > certs.length };
}

/** SSL_CERT_FILE, else the first system bundle file that can be read and holds a certificate. */
function systemBundle(env: Env): { path: string; certs: string[] } | undefined {
  for (const path of env.SSL_CERT_FILE ? [env.SSL_CERT_FILE, ...SYSTEM_BUNDLES] : SYSTEM_BUNDLES) {
    try {
      const certs = pemCertificates(readFileSync(path, 'utf8'));
      if (certs.length) return { path, certs };
    } catch {
      /* not there or not readable: the next one */
    }
  }
  return undefined;
}

/** Every certificate an https request trusts: the base (once per process) plus the caFile's. */
export function trustedCertificates(env: Env, caFile?: CaFile): string[] {
  base ??= readBase(env);
  return caFile ? [...base.certs, ...pemCertificates(caFile.pem)] : base.certs;
}

/**
 * The one SecureContext for this caFile (or none), made on first use; undefined when Node's default
 * list already is the whole union (no CA file, and a system store that adds nothing to it, as where
 * NODE_EXTRA_CA_CERTS names the system bundle or NODE_USE_SYSTEM_CA=1): an agent without one uses
 * Node's own store, which costs nothing more, where a context of the whole list costs 20-35 ms to parse.
 */
export function secureContext(env: Env, caFile?: CaFile): SecureContext | undefined {
  base ??= readBase(env);
  if (!caFile && !base.widened) return undefined;
  const key = caFile ? `${caFile.path}\n${caFile.pem}` : '';
  let context = contexts.get(key);
  if (!context) {
    try {
      context = createSecureContext({ ca: trustedCertificates(env, caFile) });
    } catch (e) {
      // config/ca-file.ts parsed each certificate already; OpenSSL may still refuse one.
      throw new UsageError(
        `the CA file ${caFile?.path ?? ''}${caFile?.profile ? ` of profile "${caFile.profile}"` : ''} could not be used (${(e as Error).message}); nothing was sent`,
      );
    }
    contexts.set(key, context);
  }
  return context;
}

/** What was trusted, in words: "Node's roots, NODE_EXTRA_CA_CERTS (…), the system store, /path/ca.pem". */
export function describeTrust(env: Env, caFile?: CaFile): string {
  base ??= readBase(env);
  return [...base.sources, ...(caFile ? [caFile.path] : [])].join(', ');
}

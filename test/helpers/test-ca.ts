// A throwaway certificate authority for https tests: a CA (ECDSA P-256) and server certificates it
// signs, as PEM text, made with @peculiar/x509 on WebCrypto (Node's crypto cannot issue X.509). Nothing
// here starts a server; `writePem` puts the CA where a profile's caFile can name it.
import 'reflect-metadata';
import {
  BasicConstraintsExtension,
  ExtendedKeyUsage,
  ExtendedKeyUsageExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  PemConverter,
  SubjectAlternativeNameExtension,
  X509CertificateGenerator,
  type X509Certificate,
} from '@peculiar/x509';
import { webcrypto } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp-dirs.js';

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;

export interface TestCa {
  /** The CA certificate, PEM. */
  certPem: string;
  cert: X509Certificate;
  keys: CryptoKeyPair;
  /** Signs a server certificate for these names (default: 127.0.0.1, ::1, localhost and cardqr.test). */
  issue(opts?: IssueOptions): Promise<ServerCert>;
}

export interface IssueOptions {
  dns?: string[];
  ips?: string[];
  /** Default: yesterday. */
  notBefore?: Date;
  /** Default: in 30 days; a date in the past makes an expired certificate. */
  notAfter?: Date;
  /** The subject's common name (default: the first DNS name). */
  cn?: string;
}

export interface ServerCert {
  /** The server certificate, PEM (chain: just the leaf; its CA is the TestCa). */
  certPem: string;
  /** Its private key, PKCS #8 PEM. */
  keyPem: string;
}

const subtle = webcrypto.subtle as unknown as SubtleCrypto;

async function keyPair(): Promise<CryptoKeyPair> {
  return await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
}

async function privatePem(key: CryptoKey): Promise<string> {
  return PemConverter.encode(await subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
}

const serial = () =>
  `01${webcrypto.getRandomValues(new Uint8Array(8)).reduce((s, b) => s + b.toString(16).padStart(2, '0'), '')}`;

/** A new CA named `CN=<name>` (default "cardqr test CA"), valid from yesterday for a year. */
export async function createTestCa(name = 'cardqr test CA'): Promise<TestCa> {
  const keys = await keyPair();
  const cert = await X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${name}`,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 365 * DAY),
    keys,
    signingAlgorithm: ALG,
    extensions: [
      new BasicConstraintsExtension(true, 0, true),
      new KeyUsagesExtension(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign, true),
    ],
  });
  const ca: TestCa = {
    certPem: cert.toString('pem'),
    cert,
    keys,
    issue: async (opts = {}) => {
      const leafKeys = await keyPair();
      const dns = opts.dns ?? ['localhost', 'cardqr.test'];
      const ips = opts.ips ?? ['127.0.0.1', '::1'];
      const leaf = await X509CertificateGenerator.create({
        serialNumber: serial(),
        subject: `CN=${opts.cn ?? dns[0] ?? ips[0] ?? 'server'}`,
        issuer: cert.subject,
        notBefore: opts.notBefore ?? new Date(Date.now() - DAY),
        notAfter: opts.notAfter ?? new Date(Date.now() + 30 * DAY),
        signingKey: keys.privateKey,
        publicKey: leafKeys.publicKey,
        signingAlgorithm: ALG,
        extensions: [
          new BasicConstraintsExtension(false, undefined, true),
          new KeyUsagesExtension(KeyUsageFlags.digitalSignature, true),
          new ExtendedKeyUsageExtension([ExtendedKeyUsage.serverAuth]),
          new SubjectAlternativeNameExtension([
            ...dns.map((value) => ({ type: 'dns' as const, value })),
            ...ips.map((value) => ({ type: 'ip' as const, value })),
          ]),
        ],
      });
      return { certPem: leaf.toString('pem'), keyPem: await privatePem(leafKeys.privateKey) };
    },
  };
  return ca;
}

/** A certificate that signs itself (no CA trusts it): Node says DEPTH_ZERO_SELF_SIGNED_CERT. */
export async function selfSignedCert(dns = ['localhost', 'cardqr.test'], ips = ['127.0.0.1']): Promise<ServerCert> {
  const keys = await keyPair();
  const cert = await X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${dns[0] ?? 'self'}`,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 30 * DAY),
    keys,
    signingAlgorithm: ALG,
    extensions: [
      new SubjectAlternativeNameExtension([
        ...dns.map((value) => ({ type: 'dns' as const, value })),
        ...ips.map((value) => ({ type: 'ip' as const, value })),
      ]),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await privatePem(keys.privateKey) };
}

/** Writes PEM text to a new file in a temporary folder (removed when the test file ends); returns its path. */
export function writePem(pem: string, name = 'ca.pem'): string {
  const file = join(tempDir('cardqr-ca-'), name);
  writeFileSync(file, pem);
  return file;
}

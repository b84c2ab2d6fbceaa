// What an https request trusts (src/api/trust.ts): Node's list (its roots and NODE_EXTRA_CA_CERTS), the
// system store, and a profile's CA file, added together: nothing the default trusts is ever dropped.
import { getCACertificates } from 'node:tls';
import { describe, expect, test } from 'vitest';
import { describeTrust, pemCertificates, secureContext, trustedCertificates } from '../../src/api/trust.js';
import { createTestCa } from '../helpers/test-ca.js';

describe('trustedCertificates', () => {
  test("the union holds every certificate of Node's default list and of the system store, plus the CA file's", async () => {
    const ca = await createTestCa();
    const other = await createTestCa('second test CA');
    const caFile = { path: '/tmp/corp.pem', pem: `${ca.certPem}\n${other.certPem}`, profile: 'corp' };
    const union = new Set(trustedCertificates({}, caFile));
    for (const c of getCACertificates('default')) expect(union.has(c)).toBe(true);
    let system: string[] = [];
    try {
      system = getCACertificates('system');
    } catch {
      /* no system store here: the bundle file stands in (below) */
    }
    for (const c of system) expect(union.has(c)).toBe(true);
    expect(union.has(pemCertificates(ca.certPem)[0])).toBe(true);
    expect(union.has(pemCertificates(other.certPem)[0])).toBe(true);
    // Without a CA file: the same base, and no test CA.
    const base = trustedCertificates({});
    expect(base.length).toBe(union.size - 2);
    expect(base).not.toContain(pemCertificates(ca.certPem)[0]);
  });

  test('what was trusted, in words, ends with the CA file', () => {
    const words = describeTrust({}, { path: '/etc/cardqr/corp.pem', pem: '' });
    expect(words).toMatch(/^Node's roots, /);
    expect(words).toMatch(/the system (store|bundle \/\S+)/);
    expect(words).toMatch(/, \/etc\/cardqr\/corp\.pem$/);
    if (getCACertificates('extra').length) expect(words).toContain('NODE_EXTRA_CA_CERTS');
  });

  test("one SecureContext per CA file, made once and shared; none where Node's own list is the union", async () => {
    const ca = await createTestCa();
    const caFile = { path: '/tmp/a.pem', pem: ca.certPem };
    expect(secureContext({}, caFile)).toBeDefined();
    expect(secureContext({}, caFile)).toBe(secureContext({}, { ...caFile }));
    expect(secureContext({})).toBe(secureContext({}));
    expect(secureContext({})).not.toBe(secureContext({}, caFile));
    // Without a CA file a context is made only when the system store adds to Node's default list.
    const adds = trustedCertificates({}).length > getCACertificates('default').length;
    expect(secureContext({}) !== undefined).toBe(adds);
  });

  test('pemCertificates finds every block, whatever the line endings and text around them', async () => {
    const a = (await createTestCa()).certPem;
    const b = (await createTestCa()).certPem;
    const text = `# corp roots\r\n${a.replace(/\n/g, '\r\n')}\r\nsome words\n${b}`;
    expect(pemCertificates(text)).toEqual([a.trim() + '\n', b.trim() + '\n']);
    expect(pemCertificates('no certificate here')).toEqual([]);
  });
});

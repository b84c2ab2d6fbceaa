// The CLI over https (PRODUCT §15, HTTPS): the emulator behind a TLS-terminating front whose
// certificate comes from a test CA. A profile's caFile is trusted besides the usual CAs; without it the
// certificate does not verify: exit 6, one line naming the host and what was trusted, never retried,
// nothing sent. A caFile that cannot be used is exit 2 before any connection. The CA file is set on a
// stored profile without asking for its key again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProfileStore, type Profile } from '../../src/config/profiles.js';
import { useEmulator } from '../helpers/emulator.js';
import { startHttpsFront, type HttpsFront } from '../helpers/https-front.js';
import { json, runCli, tempDir, type RunOptions } from '../helpers/run-cli.js';
import { createTestCa, selfSignedCert, writePem, type TestCa } from '../helpers/test-ca.js';

const emu = useEmulator();
let ca: TestCa;
let caFile: string;
let front: HttpsFront;
const fronts: HttpsFront[] = [];

beforeAll(async () => {
  ca = await createTestCa();
  caFile = writePem(ca.certPem);
  front = await startHttpsFront({ cert: await ca.issue(), forwardTo: emu.publicBaseUrl });
  fronts.push(front);
});
afterAll(async () => {
  await Promise.all(fronts.map((f) => f.close()));
});
beforeEach(() => {
  front.connections = 0;
  front.failedHandshakes = 0;
  front.requests = [];
});

/** A config folder holding one default profile `corp` for this https base URL. */
async function configWith(profile: Partial<Profile> & { baseUrl: string }): Promise<string> {
  const dir = tempDir();
  await new ProfileStore(dir).save({ name: 'corp', apiKey: emu.keys.full, ...profile }, true);
  return dir;
}

const stored = (dir: string, name = 'corp'): Profile =>
  JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles[name];

function run(dir: string, args: string[], opts: RunOptions = {}) {
  return runCli(args, { configDir: dir, ...opts, env: { ...opts.env } });
}

/** An https server answering GET /v1/me with this certificate (chain: the leaf, then `chain`). */
async function serverWith(cert: { certPem: string; keyPem: string }): Promise<HttpsFront> {
  const f = await startHttpsFront({ cert, forwardTo: emu.publicBaseUrl });
  fronts.push(f);
  return f;
}

describe('https with a profile caFile', () => {
  it('cardqr me trusts the profile caFile, added to the usual CAs', async () => {
    const dir = await configWith({ baseUrl: `${front.origin()}/v1`, caFile });
    const r = await run(dir, ['me', '-o', 'json']);
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(json(r).key.id).toBe('key_full');
    expect(front.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /v1/me']);
  });

  it('without it the certificate does not verify: exit 6, one line, not retried, nothing sent', async () => {
    const dir = await configWith({ baseUrl: `${front.origin()}/v1` });
    const r = await run(dir, ['me']);
    expect(r.exitCode).toBe(6);
    const lines = r.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^error: the certificate of 127\.0\.0\.1 did not verify \(UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify the first certificate\); trusted: Node's roots, (NODE_EXTRA_CA_CERTS[^,]*, )?the system (store|bundle \S+); nothing was sent; if 127\.0\.0\.1 uses a private CA, trust it: cardqr profiles set corp --ca-file <ca\.pem>$/,
    );
    expect(lines[0]).not.toContain('--use-system-ca');
    // One handshake, broken off by the client; no retry, no wait, no request.
    expect(front.connections).toBe(1);
    expect(r.sleeps).toEqual([]);
    expect(front.requests).toEqual([]);
  });

  it('a write that hit such a certificate was never sent, and is not retried', async () => {
    const dir = await configWith({ baseUrl: `${front.origin()}/v1` });
    const r = await run(dir, ['api', 'POST', '/cards', '--data', '{"name":"Ada"}']);
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(/^error: the certificate of 127\.0\.0\.1 did not verify .*; nothing was sent; /);
    expect(front.connections).toBe(1);
    expect(emu.requests()).toEqual([]);
  });

  it('the error names the CA file it trusted, and what else', async () => {
    const other = writePem((await createTestCa('another CA')).certPem);
    const dir = await configWith({ baseUrl: `${front.origin()}/v1`, caFile: other });
    const r = await run(dir, ['me']);
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toContain(`the system `);
    expect(r.stderr).toMatch(
      new RegExp(`; trusted: Node's roots, .*, ${other.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}; nothing was sent;`),
    );
  });

  it.each([
    ['self-signed', 'DEPTH_ZERO_SELF_SIGNED_CERT', async () => selfSignedCert(), /trust it: cardqr profiles set corp/],
    [
      'a chain up to an untrusted root',
      'SELF_SIGNED_CERT_IN_CHAIN',
      async () => {
        const other = await createTestCa('untrusted root');
        const leaf = await other.issue();
        return { ...leaf, certPem: `${leaf.certPem}\n${other.certPem}` };
      },
      /trust it: cardqr profiles set corp/,
    ],
    [
      'expired',
      'CERT_HAS_EXPIRED',
      async () =>
        ca.issue({ notBefore: new Date(Date.now() - 10 * 86_400_000), notAfter: new Date(Date.now() - 86_400_000) }),
      /the certificate is outside its dates/,
    ],
    [
      'for another host',
      'ERR_TLS_CERT_ALTNAME_INVALID',
      async () => ca.issue({ dns: ['other.example'], ips: [] }),
      /the certificate is for another name: check the base URL's host$/m,
    ],
  ])('%s: exit 6 with Node code %s, one line, not retried', async (_what, code, cert, fix) => {
    const server = await serverWith(await cert());
    const dir = await configWith({ baseUrl: `${server.origin()}/v1`, caFile });
    const r = await run(dir, ['me', '--max-retries', '4']);
    expect(r.exitCode).toBe(6);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toContain(`error: the certificate of 127.0.0.1 did not verify (${code}: `);
    expect(r.stderr).toMatch(fix);
    expect(server.connections).toBe(1);
    expect(server.requests).toEqual([]);
  });

  it('--verbose shows no stack and no retry for it', async () => {
    const dir = await configWith({ baseUrl: `${front.origin()}/v1` });
    const r = await run(dir, ['me', '--verbose']);
    expect(r.exitCode).toBe(6);
    expect(r.stderr).not.toMatch(/retry/);
    expect(r.stderr.match(/^\[debug\] -> GET /gm)).toHaveLength(1);
  });
});

describe('a caFile that cannot be used: exit 2 naming the path and profile, nothing sent', () => {
  it.each([
    ['missing', () => join(tempDir(), 'gone.pem'), 'does not exist'],
    ['holding no certificate', () => writePem('just words\n'), 'holds no certificate'],
  ])('%s', async (_what, path, why) => {
    const file = path();
    const dir = await configWith({ baseUrl: `${front.origin()}/v1`, caFile: file });
    const r = await run(dir, ['me']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`error: the CA file ${file} of profile "corp" ${why}`);
    expect(r.stderr.split('\n')[0]).toMatch(/; nothing was sent$/);
    expect(r.stderr).toContain('cardqr profiles set corp --ca-file <ca.pem>');
    expect(front.connections).toBe(0);
  });

  it('also for a plain http base URL, and for status', async () => {
    const file = join(tempDir(), 'gone.pem');
    const dir = await configWith({ baseUrl: emu.baseUrl, caFile: file });
    const r = await run(dir, ['me']);
    expect(r.exitCode).toBe(2);
    expect(emu.requests()).toEqual([]);
    const s = await run(dir, ['status', '-o', 'json']);
    expect(s.exitCode).toBe(2);
    expect(json(s)[0]).toMatchObject({ profile: 'corp', state: 'error', detail: expect.stringContaining(file) });
  });
});

describe('profiles: --ca-file', () => {
  it('profiles add --ca-file verifies over https trusting it and stores the absolute path', async () => {
    const dir = tempDir();
    const r = await run(
      dir,
      ['profiles', 'add', 'corp', '--base-url', `${front.origin()}/v1`, '--api-key-stdin', '--ca-file', caFile],
      { stdin: `${emu.keys.full}\n` },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`; trusts the CA file ${caFile}`);
    expect(stored(dir)).toMatchObject({ caFile, keyId: 'key_full' });
    expect(front.requests.map((q) => q.path)).toEqual(['/v1/me']);
    expect((await run(dir, ['me'])).exitCode).toBe(0);
  });

  it('profiles add with a CA file that cannot be used: exit 2 before the key is read, nothing stored', async () => {
    const dir = tempDir();
    const gone = join(tempDir(), 'gone.pem');
    const r = await run(dir, ['profiles', 'add', 'corp', '--base-url', `${front.origin()}/v1`, '--ca-file', gone], {
      tty: true,
      answers: [emu.keys.full],
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`the CA file ${gone} of profile "corp" does not exist`);
    expect(r.prompts).toEqual([]);
    expect(front.connections).toBe(0);
  });

  it('profiles set <name> --ca-file: on a stored profile, no key asked, verified, only that field changes', async () => {
    const dir = await configWith({ baseUrl: `${front.origin()}/v1`, requestsPerMinute: 600 });
    const before = stored(dir);
    const r = await run(dir, ['profiles', 'set', 'corp', '--ca-file', caFile], { tty: true });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.prompts).toEqual([]);
    expect(r.stderr).toContain(`profile "corp" now trusts the CA file ${caFile} (GET /me verified with it)`);
    expect(stored(dir)).toEqual({ ...before, caFile });
    expect(front.requests.map((q) => q.path)).toEqual(['/v1/me']);
    // --no-ca-file and --ca-file '' drop it again.
    const off = await run(dir, ['profiles', 'set', 'corp', '--no-ca-file']);
    expect([off.exitCode, off.stderr]).toEqual([0, `profile "corp" no longer trusts ${caFile}\n`]);
    expect(stored(dir)).toEqual(before);
    await run(dir, ['profiles', 'set', 'corp', '--ca-file', caFile, '--no-verify']);
    expect(stored(dir).caFile).toBe(caFile);
    expect((await run(dir, ['profiles', 'set', 'corp', '--ca-file', ''])).exitCode).toBe(0);
    expect(stored(dir).caFile).toBeUndefined();
  });

  it('profiles add <stored name> --ca-file alone changes only the CA file, without asking for the key', async () => {
    const dir = await configWith({ baseUrl: `${front.origin()}/v1` });
    const before = stored(dir);
    const r = await run(dir, ['profiles', 'add', 'corp', '--ca-file', caFile], { tty: true, answers: ['unused'] });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.prompts).toEqual([]);
    expect(stored(dir)).toEqual({ ...before, caFile });
  });

  it('a CA file that does not make GET /me verify is not stored: exit 6', async () => {
    const dir = await configWith({ baseUrl: `${front.origin()}/v1` });
    const other = writePem((await createTestCa('another CA')).certPem);
    const r = await run(dir, ['profiles', 'set', 'corp', '--ca-file', other]);
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(/^error: the certificate of 127\.0\.0\.1 did not verify/);
    expect(r.stderr).toContain('profile "corp" was not changed');
    expect(stored(dir).caFile).toBeUndefined();
  });

  it('profiles set needs a setting, and a stored profile', async () => {
    const dir = await configWith({ baseUrl: `${front.origin()}/v1` });
    const none = await run(dir, ['profiles', 'set', 'corp']);
    expect([none.exitCode, none.stderr]).toEqual([
      2,
      'error: profiles set needs a setting to change: --ca-file <pem>, or --no-ca-file to drop it\n',
    ]);
    const missing = await run(dir, ['profiles', 'set', 'nope', '--ca-file', caFile]);
    expect(missing.exitCode).toBe(2);
    expect(front.connections).toBe(0);
  });

  it('profiles show says which CA file a profile trusts', async () => {
    const dir = await configWith({ baseUrl: `${front.origin()}/v1`, caFile });
    const r = await run(dir, ['profiles', 'show', 'corp', '-o', 'json']);
    expect(json(r)).toMatchObject({ name: 'corp', caFile });
  });
});

// leads follow --forward-to https://… follows the API client's rules (src/api/agents.ts): it trusts the
// profile's caFile besides the usual CAs, and goes through HTTPS_PROXY (CONNECT) unless NO_PROXY or a
// loopback host says otherwise. The receiver is an https server on 127.0.0.1 with a test CA's certificate.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../src/config/profiles.js';
import { startConnectProxy, type ConnectProxy } from '../../helpers/connect-proxy.js';
import { useEmulator } from '../../helpers/emulator.js';
import { startHttpsFront, type HttpsFront } from '../../helpers/https-front.js';
import { tempDir } from '../../helpers/run-cli.js';
import { createTestCa, writePem } from '../../helpers/test-ca.js';
import { addLeads, follow, type Delivery, followArgs } from './follow-helpers.js';

const emu = useEmulator();
const SECRET = 'whsec_test_0123456789abcdef';
let caFile: string;
let receiver: HttpsFront;
const got: Delivery[] = [];
let proxy: ConnectProxy;

beforeAll(async () => {
  const ca = await createTestCa();
  caFile = writePem(ca.certPem);
  receiver = await startHttpsFront({
    cert: await ca.issue(),
    handler: (_req, res, body) => {
      got.push(JSON.parse(body) as Delivery);
      res.writeHead(204).end();
    },
  });
  proxy = await startConnectProxy();
});
afterAll(async () => {
  await receiver.close();
  await proxy.close();
});
afterEach(() => {
  got.length = 0;
  proxy.seen.length = 0;
  receiver.requests = [];
});

/** A config folder whose default profile (the emulator over plain http) names the test CA, or none. */
async function config(withCa: boolean): Promise<string> {
  const dir = tempDir();
  await new ProfileStore(dir).save(
    { name: 'local', baseUrl: emu.baseUrl, apiKey: emu.keys.full, ...(withCa ? { caFile } : {}) },
    true,
  );
  return dir;
}

async function followTo(url: string, env: Record<string, string>, withCa = true) {
  const dir = tempDir();
  const deadPath = join(dir, 'dead.ndjson');
  const since = new Date(emu.now() - 1000).toISOString();
  await addLeads(emu, 'tls', 2);
  const run = await follow(
    emu,
    [...followArgs({ dir, since, forwardTo: url, deadLetter: deadPath, maxAttempts: 1 })],
    () => true,
    // A receiver that cannot be reached holds the leads (the target is down) and waits: stop there.
    { configDir: await config(withCa), env: { CARDQR_FORWARD_SECRET: SECRET, ...env }, stopIf: (ms) => ms >= 900 },
  );
  return { run, deadPath };
}

describe('leads follow --forward-to over https', () => {
  it("trusts the profile's caFile", async () => {
    const { run } = await followTo(`https://127.0.0.1:${receiver.port}/hooks`, {});
    expect(run.exitCode, run.stderr).toBe(0);
    expect(got.map((d) => d.lead.id)).toEqual(['lead_tls_000', 'lead_tls_001']);
  });

  it('without it the certificate does not verify: the delivery says so, and the target is down (nothing dead-lettered)', async () => {
    const { run, deadPath } = await followTo(`https://127.0.0.1:${receiver.port}/hooks`, {}, false);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(got).toEqual([]);
    expect(existsSync(deadPath)).toBe(false);
    expect(run.stderr).toMatch(
      /is down since \S+: lead_tls_000 and the next lead lead_tls_001 both failed \(the certificate of 127\.0\.0\.1 did not verify \(UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify the first certificate\); trusted: Node's roots, /,
    );
  });

  it('goes through HTTPS_PROXY with CONNECT (the API calls, plain http to the emulator, do not)', async () => {
    const withCreds = proxy.url.replace('//', '//ops:s3cret@');
    const { run } = await followTo(`https://cardqr.test:${receiver.port}/hooks`, { HTTPS_PROXY: withCreds });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(got.map((d) => d.lead.id)).toEqual(['lead_tls_000', 'lead_tls_001']);
    // One tunnel, kept alive for both deliveries; its only credentials are the proxy's.
    expect(proxy.seen.map((s) => `${s.method} ${s.target}`)).toEqual([`CONNECT cardqr.test:${receiver.port}`]);
    expect(proxy.seen[0].headers['proxy-authorization']).toBe(`Basic ${Buffer.from('ops:s3cret').toString('base64')}`);
    expect(JSON.stringify(proxy.seen)).not.toMatch(/cardqr-signature|authorization":"Bearer/i);
    expect(receiver.requests.every((q) => q.headers['proxy-authorization'] === undefined)).toBe(true);
    expect(run.stderr).not.toContain('s3cret');
  });

  it('NO_PROXY and loopback receivers are reached directly', async () => {
    const { run } = await followTo(`https://localhost:${receiver.port}/hooks`, { HTTPS_PROXY: proxy.url });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(got).toHaveLength(2);
    expect(proxy.seen).toEqual([]);
  });

  it('a proxy that refuses the tunnel: the delivery names it (credentials masked)', async () => {
    proxy.refuse = 407;
    try {
      const { run, deadPath } = await followTo(`https://cardqr.test:${receiver.port}/hooks`, {
        HTTPS_PROXY: proxy.url.replace('//', '//ops:s3cret@'),
      });
      expect(run.exitCode, run.stderr).toBe(0);
      expect(existsSync(deadPath)).toBe(false);
      expect(run.stderr).toContain(
        `both failed (the proxy http://****@127.0.0.1:${proxy.port} (HTTPS_PROXY) answered CONNECT with HTTP/1.1 407 Refused by the test proxy)`,
      );
      expect(run.stderr).not.toContain('s3cret');
    } finally {
      proxy.refuse = undefined;
    }
  });
});

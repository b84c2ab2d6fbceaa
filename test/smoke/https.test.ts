// The built cardqr over https, as a process (PRODUCT §15, HTTPS): what Node reads only at start-up
// (NODE_EXTRA_CA_CERTS, and SSL_CERT_FILE for the system store) can only be seen in a new process. The
// API is the emulator behind an https front with a test CA's certificate; the CA reaches the built CLI
// through a profile's caFile, NODE_EXTRA_CA_CERTS or the system store, and through a CONNECT proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../src/config/profiles.js';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { useEmulator } from '../helpers/emulator.js';
import { startHttpsFront, type HttpsFront } from '../helpers/https-front.js';
import { tempDir } from '../helpers/run-cli.js';
import { createTestCa, writePem } from '../helpers/test-ca.js';

const emu = useEmulator();
let caFile: string;
let front: HttpsFront;
let proxy: ConnectProxy;

beforeAll(async () => {
  await ensureFreshBuild();
  const ca = await createTestCa();
  caFile = writePem(ca.certPem);
  front = await startHttpsFront({ cert: await ca.issue(), forwardTo: emu.publicBaseUrl });
  proxy = await startConnectProxy();
}, 180_000);
afterAll(async () => {
  await front?.close();
  await proxy?.close();
});

/** A config folder with a default profile for `baseUrl`, trusting the test CA or not. */
async function config(baseUrl: string, withCa: boolean): Promise<string> {
  const dir = tempDir();
  await new ProfileStore(dir).save(
    { name: 'corp', baseUrl, apiKey: emu.keys.full, ...(withCa ? { caFile } : {}) },
    true,
  );
  return dir;
}

/**
 * The environment of a run: no proxy and no CA variables from outside unless given; no compile cache
 * (V8 accepts a cached entry by the source's length, so a rebuilt chunk of the same length could run
 * an older build's code while this file rebuilds dist/ during development).
 */
const clean = {
  CARDQR_NO_CACHE: '1',
  HTTPS_PROXY: undefined,
  https_proxy: undefined,
  NO_PROXY: undefined,
  no_proxy: undefined,
  NODE_EXTRA_CA_CERTS: undefined,
  NODE_USE_SYSTEM_CA: undefined,
  CARDQR_API_KEY: undefined,
  CARDQR_BASE_URL: undefined,
  CARDQR_PROFILE: undefined,
};

describe('the built cardqr over https', () => {
  it("trusts a profile's caFile", async () => {
    const dir = await config(`${front.origin()}/v1`, true);
    const r = await spawnCli(['me', '-q'], { env: { ...clean, CARDQR_CONFIG_DIR: dir } }).done;
    expect([r.code, r.stderr]).toEqual([0, '']);
  });

  it('without it: exit 6 and the one line', async () => {
    const dir = await config(`${front.origin()}/v1`, false);
    const r = await spawnCli(['me'], { env: { ...clean, CARDQR_CONFIG_DIR: dir } }).done;
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(
      /^error: the certificate of 127\.0\.0\.1 did not verify \(UNABLE_TO_VERIFY_LEAF_SIGNATURE: [^\n]*\n$/,
    );
  });

  it('trusts NODE_EXTRA_CA_CERTS (read by Node at start-up), and names it when nothing verifies', async () => {
    const dir = await config(`${front.origin()}/v1`, false);
    const ok = await spawnCli(['me', '-q'], {
      env: { ...clean, CARDQR_CONFIG_DIR: dir, NODE_EXTRA_CA_CERTS: caFile },
    }).done;
    expect([ok.code, ok.stderr]).toEqual([0, '']);
    const other = writePem((await createTestCa('another CA')).certPem);
    const no = await spawnCli(['me'], { env: { ...clean, CARDQR_CONFIG_DIR: dir, NODE_EXTRA_CA_CERTS: other } }).done;
    expect(no.code).toBe(6);
    expect(no.stderr).toContain(`trusted: Node's roots, NODE_EXTRA_CA_CERTS (${other}), the system `);
  });

  it.skipIf(process.platform !== 'linux')(
    'trusts the system store, which OpenSSL reads from SSL_CERT_FILE on Linux',
    async () => {
      const dir = await config(`${front.origin()}/v1`, false);
      const r = await spawnCli(['me', '-q'], { env: { ...clean, CARDQR_CONFIG_DIR: dir, SSL_CERT_FILE: caFile } }).done;
      expect([r.code, r.stderr]).toEqual([0, '']);
    },
  );

  it('goes through HTTPS_PROXY with CONNECT, its credentials on the CONNECT only', async () => {
    const dir = await config(`https://cardqr.test:${front.port}/v1`, true);
    proxy.seen.length = 0;
    const r = await spawnCli(['me', '-q', '--verbose'], {
      env: { ...clean, CARDQR_CONFIG_DIR: dir, HTTPS_PROXY: proxy.url.replace('//', '//ops:s3cret@') },
    }).done;
    expect(r.code, r.stderr).toBe(0);
    expect(proxy.seen.map((s) => `${s.method} ${s.target}`)).toEqual([`CONNECT cardqr.test:${front.port}`]);
    expect(proxy.seen[0].headers['proxy-authorization']).toBe(`Basic ${Buffer.from('ops:s3cret').toString('base64')}`);
    expect(proxy.seen[0].headers.authorization).toBeUndefined();
    expect(r.stderr).toContain(`via proxy http://****@127.0.0.1:${proxy.port} from HTTPS_PROXY`);
    expect(r.stderr).not.toContain('s3cret');
  });
});

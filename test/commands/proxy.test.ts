// The CLI through a proxy (PRODUCT §15, Proxies): a CONNECT proxy written here (test/helpers/connect-proxy.ts)
// records what it sees. The API is the emulator behind an https front on 127.0.0.1, addressed as
// https://cardqr.test:<port>: a name no resolver knows, which only the proxy (it connects every tunnel to
// 127.0.0.1) can reach; a loopback address would never be proxied. The proxy sees a CONNECT and nothing
// else: never the key, never a request line; credentials in the proxy URL become Proxy-Authorization on
// the CONNECT alone and are never shown.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProfileStore, type Profile } from '../../src/config/profiles.js';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { useEmulator } from '../helpers/emulator.js';
import { startHttpsFront, type HttpsFront } from '../helpers/https-front.js';
import { json, runCli, tempDir, type RunOptions } from '../helpers/run-cli.js';
import { createTestCa, writePem } from '../helpers/test-ca.js';

const emu = useEmulator();
let caFile: string;
let front: HttpsFront;
const proxies: ConnectProxy[] = [];

beforeAll(async () => {
  const ca = await createTestCa();
  caFile = writePem(ca.certPem);
  front = await startHttpsFront({ cert: await ca.issue(), forwardTo: emu.publicBaseUrl });
});
afterAll(() => front.close());
beforeEach(() => {
  front.connections = 0;
  front.requests = [];
});
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});

async function proxy(opts: { refuse?: number } = {}): Promise<ConnectProxy> {
  const p = await startConnectProxy(opts);
  proxies.push(p);
  return p;
}

const api = () => `https://cardqr.test:${front.port}/v1`;
const target = () => `cardqr.test:${front.port}`;

async function configWith(profile: Partial<Profile> = {}): Promise<string> {
  const dir = tempDir();
  await new ProfileStore(dir).save({ name: 'corp', baseUrl: api(), apiKey: emu.keys.full, caFile, ...profile }, true);
  return dir;
}

async function run(
  args: string[],
  env: Record<string, string>,
  opts: RunOptions & { profile?: Partial<Profile> } = {},
) {
  return runCli(args, { configDir: await configWith(opts.profile), ...opts, env });
}

describe('HTTPS_PROXY', () => {
  it('an https request goes through a CONNECT tunnel; the proxy never sees the key or the request', async () => {
    const p = await proxy();
    const r = await run(['me', '-o', 'json'], { HTTPS_PROXY: p.url });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(json(r).key.id).toBe('key_full');
    expect(p.seen.map((s) => `${s.method} ${s.target}`)).toEqual([`CONNECT ${target()}`]);
    expect(Object.keys(p.seen[0].headers)).not.toContain('authorization');
    expect(Object.keys(p.seen[0].headers)).not.toContain('proxy-authorization');
    expect(JSON.stringify(p.seen)).not.toContain(emu.keys.full);
    // The request itself arrived inside the tunnel, with its key.
    expect(front.requests.map((q) => `${q.method} ${q.path} ${q.headers.authorization}`)).toEqual([
      `GET /v1/me Bearer ${emu.keys.full}`,
    ]);
  });

  it('https_proxy wins over HTTPS_PROXY (lowercase first, as curl)', async () => {
    const lower = await proxy();
    const upper = await proxy();
    const r = await run(['me'], { https_proxy: lower.url, HTTPS_PROXY: upper.url });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(lower.seen.map((s) => s.target)).toEqual([target()]);
    expect(upper.seen).toEqual([]);
  });

  it('credentials in the proxy URL become Proxy-Authorization on the CONNECT only, and are never shown', async () => {
    const p = await proxy();
    const withCreds = p.url.replace('//', '//ops:s3cr%40t@');
    const r = await run(['me', '--verbose'], { HTTPS_PROXY: withCreds });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(p.seen).toHaveLength(1);
    expect(p.seen[0].headers['proxy-authorization']).toBe(`Basic ${Buffer.from('ops:s3cr@t').toString('base64')}`);
    expect(p.seen[0].headers.authorization).toBeUndefined();
    // Inside the tunnel, no proxy header reaches the API.
    expect(front.requests[0].headers['proxy-authorization']).toBeUndefined();
    expect(r.stderr).toContain(`(via proxy http://****@127.0.0.1:${p.port} from HTTPS_PROXY: CONNECT ${target()})`);
    expect(r.stderr).not.toMatch(/s3cr|ops:/);
  });

  it('a proxy that refuses the tunnel (407): exit 6, one line naming it, credentials masked, not retried', async () => {
    const p = await proxy({ refuse: 407 });
    const r = await run(['me', '--max-retries', '4'], { HTTPS_PROXY: p.url.replace('//', '//ops:hunter2@') });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toBe(
      `error: the proxy http://****@127.0.0.1:${p.port} (HTTPS_PROXY) refused to tunnel to ${target()}: HTTP/1.1 407 Refused by the test proxy; nothing was sent; check the user and password in HTTPS_PROXY (the user:password@ before its host)\n`,
    );
    expect(p.seen).toHaveLength(1);
    expect(r.sleeps).toEqual([]);
    expect(front.connections).toBe(0);
  });

  it('403 from the proxy: exit 6, one line, says NO_PROXY may be wanted', async () => {
    const p = await proxy({ refuse: 403 });
    const r = await run(['api', 'POST', '/cards', '--data', '{"name":"Ada"}'], { HTTPS_PROXY: p.url });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(
      /^error: the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTPS_PROXY\) refused to tunnel to cardqr\.test:\d+: HTTP\/1\.1 403 .*; nothing was sent; check HTTPS_PROXY, or name cardqr\.test in NO_PROXY if it is to be reached directly\n$/,
    );
    expect(p.seen).toHaveLength(1);
    expect(emu.requests()).toEqual([]);
  });

  it('a proxy that cannot be reached: exit 6, one line naming the proxy, nothing sent', async () => {
    const p = await proxy();
    await p.close();
    const r = await run(['me', '--max-retries', '1'], { HTTPS_PROXY: p.url.replace('//', '//ops:hunter2@') });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toBe(
      `error: could not reach the proxy http://****@127.0.0.1:${p.port} (HTTPS_PROXY) for ${target()}: connection refused (after 2 attempts); nothing was sent\n`,
    );
  });

  it('a proxy cardqr cannot tunnel through (socks5): exit 2, nothing sent', async () => {
    const r = await run(['me'], { HTTPS_PROXY: 'socks5://ops:hunter2@127.0.0.1:1080' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^error: HTTPS_PROXY names a socks5 proxy \(socks5:\/\/\*\*\*\*@127\.0\.0\.1:1080\)/);
    expect(r.stderr).not.toContain('hunter2');
    expect(front.connections).toBe(0);
  });
});

describe('no proxy', () => {
  it('for a host NO_PROXY names: the proxy sees nothing (the name is then looked up directly, and is not found)', async () => {
    for (const list of ['cardqr.test', '.test', '*', `cardqr.test:${front.port}`, 'example.com,test']) {
      const p = await proxy();
      const r = await run(['me', '--max-retries', '0'], { HTTPS_PROXY: p.url, NO_PROXY: list });
      expect(r.exitCode, list).toBe(6);
      expect(r.stderr, list).toMatch(/^error: could not reach the API: (host not found|EAI_AGAIN)/);
      expect(p.seen, list).toEqual([]);
    }
  });

  it('no_proxy is read before NO_PROXY', async () => {
    const p = await proxy();
    const r = await run(['me'], { HTTPS_PROXY: p.url, no_proxy: 'example.com', NO_PROXY: 'cardqr.test' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(p.seen).toHaveLength(1);
  });

  it('a NO_PROXY port that is not the one asked does not exempt the host', async () => {
    const p = await proxy();
    const r = await run(['me'], { HTTPS_PROXY: p.url, NO_PROXY: `cardqr.test:${front.port + 1}` });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(p.seen.map((s) => s.target)).toEqual([target()]);
  });

  it.each(['127.0.0.1', 'localhost'])('for a loopback host (%s), whatever the variables say', async (host) => {
    const p = await proxy();
    const r = await run(
      ['me'],
      { HTTPS_PROXY: p.url, https_proxy: p.url },
      { profile: { baseUrl: `https://${host}:${front.port}/v1` } },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(p.seen).toEqual([]);
    expect(front.requests).toHaveLength(1);
  });

  it('for plain http: HTTP_PROXY and http_proxy are never used (the key never travels in clear to a proxy)', async () => {
    const p = await proxy();
    const r = await run(
      ['me'],
      { HTTP_PROXY: p.url, http_proxy: p.url, HTTPS_PROXY: p.url, ALL_PROXY: p.url },
      { profile: { baseUrl: emu.baseUrl, caFile: undefined } },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(p.seen).toEqual([]);
    expect(emu.requests().map((q) => q.path)).toEqual(['/me']);
  });
});

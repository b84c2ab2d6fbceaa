// The spec's retry rules, exercised through the real CLI (`cardqr api`) against the emulator.
import { describe, expect, it } from 'vitest';
import { testRoutes, widgetState } from '../emulator/_util.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';

const emu = useEmulator({ extraRoutes: testRoutes });

const keysOf = (path: string) => emu.requests({ path }).map((r) => r.headers['idempotency-key']);

describe('retried: 500, 429, 409 in flight, and network failures of GETs and keyed writes', () => {
  it('a 500 is retried and the retried write reuses its Idempotency-Key', async () => {
    widgetState.created = 0;
    emu.injectFaults([{ kind: '500', path: '/widgets', method: 'POST', times: 2 }]);
    const r = await runCli(['api', 'POST', '/widgets', '--data', '{"n":1}', '-o', 'json'], { emu });
    expect(r.exitCode).toBe(0);
    const keys = keysOf('/widgets');
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(widgetState.created).toBe(1);
  });

  it('a 429 waits for RateLimit-Reset, then succeeds', async () => {
    emu.injectFaults([{ kind: '429', path: '/me', resetSeconds: 7 }]);
    const r = await runCli(['me', '-o', 'json'], { emu });
    expect(r.exitCode).toBe(0);
    expect(emu.requests({ path: '/me' }).map((q) => q.status)).toEqual([429, 200]);
    expect(r.sleeps[0]).toBeGreaterThanOrEqual(7000);
    expect(r.sleeps[0]).toBeLessThan(7500);
    expect(r.stderr).toMatch(/rate limited \(429\); waiting 7\.\d s/);
  });

  it('409 idempotency_key_in_flight is retried with the same key', async () => {
    emu.injectFaults([{ kind: 'in_flight', path: '/widgets', method: 'POST' }]);
    const r = await runCli(['api', 'POST', '/widgets', '--data', '{}', '--idempotency-key', 'k-1'], { emu });
    expect(r.exitCode).toBe(0);
    expect(emu.requests({ path: '/widgets' }).map((q) => [q.status, q.headers['idempotency-key']])).toEqual([
      [409, 'k-1'],
      [201, 'k-1'],
    ]);
  });

  it('a connection dropped after the server processed a keyed write: the retry is replayed, one object', async () => {
    widgetState.created = 0;
    emu.injectFaults([{ kind: 'drop_after', path: '/widgets', method: 'POST' }]);
    const r = await runCli(['api', 'POST', '/widgets', '--data', '{"a":1}', '-o', 'json'], { emu });
    expect(r.exitCode).toBe(0);
    expect(widgetState.created).toBe(1);
    expect(JSON.parse(r.stdout).n).toBe(1);
  });

  it('a connection dropped before processing a GET is retried', async () => {
    emu.injectFaults([{ kind: 'drop_before', path: '/me', times: 2 }]);
    const r = await runCli(['me', '-o', 'json'], { emu });
    expect(r.exitCode).toBe(0);
    expect(emu.requests({ path: '/me' })).toHaveLength(3);
  });

  it('a response slower than --timeout is retried for a GET, then gives up with exit 6', async () => {
    emu.injectFaults([{ kind: 'slow', path: /^\/widgets\/w1$/, delayMs: 400, times: 10 }]);
    const r = await runCli(['api', 'GET', '/widgets/w1', '--timeout', '0.1', '--max-retries', '1'], { emu });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(/timed out after 0\.1 s \(after 2 attempts\)/);
  });
});

describe('how many times, and what happens when retries run out', () => {
  it('500 on every attempt: 1 + --max-retries attempts, then exit 1', async () => {
    emu.injectFaults([{ kind: '500', path: '/me', times: 100 }]);
    const r = await runCli(['me', '--max-retries', '2'], { emu });
    expect(r.exitCode).toBe(1);
    expect(emu.requests({ path: '/me' })).toHaveLength(3);
    expect(r.stderr).toMatch(/^error: internal_error \(500\)/m);
  });

  it('default is 4 retries (5 attempts) with growing backoff', async () => {
    emu.injectFaults([{ kind: '500', path: '/me', times: 100 }]);
    const r = await runCli(['me'], { emu });
    expect(emu.requests({ path: '/me' })).toHaveLength(5);
    expect(r.sleeps).toHaveLength(4);
    expect(r.sleeps[3]).toBeGreaterThan(r.sleeps[0]);
  });

  it('429 on every attempt: exit 6', async () => {
    emu.injectFaults([{ kind: '429', path: '/me', times: 100, resetSeconds: 1 }]);
    const r = await runCli(['me', '--max-retries', '3'], { emu });
    expect(r.exitCode).toBe(6);
    expect(emu.requests({ path: '/me' })).toHaveLength(4);
    expect(r.stderr).toMatch(/rate limit still exceeded after 4 attempts/);
  });

  it('the odd 500 body {success:false,message} is parsed without crashing', async () => {
    emu.injectFaults([{ kind: 'malformed_500', path: '/me', times: 100 }]);
    const r = await runCli(['me', '--max-retries', '0'], { emu });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^error: http_error \(500\): /m);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('connection refused on every attempt: exit 6', async () => {
    const r = await runCli(['me', '--max-retries', '1'], {
      env: { CARDQR_BASE_URL: 'http://127.0.0.1:9/v1', CARDQR_API_KEY: 'k' },
    });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(/could not reach the API: connection refused \(after 2 attempts\)/);
  });
});

describe('never retried: every other 4xx', () => {
  it.each([
    ['401 invalid_api_key', ['me'], 'revoked', 3, '/me'],
    ['403 forbidden', ['api', 'POST', '/widgets', '--data', '{}'], 'readonly', 3, '/widgets'],
    ['404 unknown_endpoint', ['api', 'GET', '/nothing-here'], 'full', 4, '/nothing-here'],
    ['404 resource_not_found', ['api', 'GET', '/widgets/nope'], 'full', 4, '/widgets/nope'],
    ['422 validation_failed', ['api', 'PATCH', '/widgets/bad', '--data', '{}'], 'full', 5, '/widgets/bad'],
  ])('%s: one request, exit %s', async (_name, args, key, exit, path) => {
    const r = await runCli(args as string[], { emu, key: emu.keys[key as string] });
    expect(r.exitCode).toBe(exit);
    expect(emu.requests({ path: path as string })).toHaveLength(1);
    expect(r.sleeps).toEqual([]);
  });

  it('409 idempotency_key_reused is not retried', async () => {
    await runCli(['api', 'POST', '/widgets', '--data', '{"a":1}', '--idempotency-key', 'same'], { emu });
    const r = await runCli(['api', 'POST', '/widgets', '--data', '{"a":2}', '--idempotency-key', 'same'], { emu });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/^error: idempotency_key_reused \(409\)/m);
    expect(emu.requests({ path: '/widgets' })).toHaveLength(2);
  });
});

describe('pacing', () => {
  it('spaces requests to the key rate so none gets a 429', async () => {
    // 3 calls in one process would need an import; the pacer is exercised through the client directly.
    const { ApiClient } = await import('../../src/api/client.js');
    const sleeps: number[] = [];
    const client = new ApiClient({
      baseUrl: emu.baseUrl,
      apiKey: emu.keys.full,
      userAgent: 'test',
      timeoutMs: 5000,
      maxRetries: 0,
      requestsPerMinute: 60,
      sleep: async (ms) => {
        sleeps.push(ms);
        emu.advanceTime(ms);
      },
      now: () => emu.now(),
    });
    const start = emu.now();
    for (let i = 0; i < 5; i++) await client.get('/me');
    await client.close();
    expect(sleeps).toHaveLength(4);
    // The virtual clock also moves with real time (a slow machine shortens each wait by the time a request
    // took), so the spacing is checked end to end: the 5th request starts 4 intervals after the 1st.
    expect(emu.now() - start).toBeGreaterThanOrEqual(4 * 1000);
    expect(emu.requests({ path: '/me' }).map((q) => q.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

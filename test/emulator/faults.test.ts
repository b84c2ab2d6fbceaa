import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/index.js';
import { call, useTestEmulator, widgetState } from './_util.js';

const t = useTestEmulator();

describe('fault injection', () => {
  it("'500' → 500 internal_error, nothing processed", async () => {
    t.emu.injectFaults([{ kind: '500', method: 'POST', path: '/widgets' }]);
    const r = await call(t.emu, 'POST', '/widgets', { body: {} });
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ error: { type: 'api_error', code: 'internal_error', message: expect.any(String) } });
    expect(widgetState.created).toBe(0);
    expect((await call(t.emu, 'POST', '/widgets', { body: {} })).status).toBe(201); // times defaults to 1
  });

  it("'429' → odd shape with RateLimit-Reset = resetSeconds", async () => {
    t.emu.injectFaults([{ kind: '429', resetSeconds: 7 }]);
    const r = await call(t.emu, 'GET', '/me');
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ success: false, message: expect.any(String) });
    expect(r.headers.get('ratelimit-reset')).toBe('7');
    t.emu.injectFaults([{ kind: '429' }]);
    expect((await call(t.emu, 'GET', '/me')).headers.get('ratelimit-reset')).toBe('1');
  });

  it("'in_flight' → 409 idempotency_key_in_flight", async () => {
    t.emu.injectFaults([{ kind: 'in_flight', path: '/widgets' }]);
    const r = await call(t.emu, 'POST', '/widgets', { body: {}, headers: { 'Idempotency-Key': 'a' } });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('idempotency_key_in_flight');
    expect((await call(t.emu, 'POST', '/widgets', { body: {}, headers: { 'Idempotency-Key': 'a' } })).status).toBe(201);
  });

  it("'malformed_500' → 500 {success:false,message}", async () => {
    t.emu.injectFaults([{ kind: 'malformed_500' }]);
    const r = await call(t.emu, 'GET', '/me');
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ success: false, message: expect.any(String) });
  });

  it("'drop_before' → connection dropped, nothing changes", async () => {
    t.emu.injectFaults([{ kind: 'drop_before', method: 'POST' }]);
    await expect(call(t.emu, 'POST', '/widgets', { body: {}, headers: { 'Idempotency-Key': 'd1' } })).rejects.toThrow();
    expect(widgetState.created).toBe(0);
    const retry = await call(t.emu, 'POST', '/widgets', { body: {}, headers: { 'Idempotency-Key': 'd1' } });
    expect(retry.status).toBe(201);
    expect(widgetState.created).toBe(1); // processed now, not replayed
    expect(t.emu.requests({ method: 'POST' }).map((q) => q.status)).toEqual([0, 201]);
  });

  it("'drop_after' → processed and idempotency stored, then dropped; a retry replays", async () => {
    t.emu.injectFaults([{ kind: 'drop_after', method: 'POST', path: /^\/widgets$/ }]);
    await expect(
      call(t.emu, 'POST', '/widgets', { body: { n: 1 }, headers: { 'Idempotency-Key': 'd2' } }),
    ).rejects.toThrow();
    expect(widgetState.created).toBe(1);
    const retry = await call(t.emu, 'POST', '/widgets', { body: { n: 1 }, headers: { 'Idempotency-Key': 'd2' } });
    expect(retry.status).toBe(201);
    expect(widgetState.created).toBe(1); // replayed, not processed again
    expect(widgetState.created).toBe(1);
  });

  it("'slow' delays the answer; times and method/path matching", async () => {
    t.emu.injectFaults([
      { kind: 'slow', delayMs: 250, path: '/me', times: 2 },
      { kind: '500', method: 'DELETE' },
    ]);
    for (let i = 0; i < 2; i++) {
      const start = performance.now();
      expect((await call(t.emu, 'GET', '/me')).status).toBe(200);
      expect(performance.now() - start).toBeGreaterThanOrEqual(240);
    }
    // Both delays were spent on the two /me requests (a busy machine may make any request slow, so the
    // third is checked by what is left in the queue, not by its time): only the DELETE fault waits.
    expect(t.emu.pendingFaults()).toBe(1);
    await call(t.emu, 'GET', '/me');
    expect(t.emu.pendingFaults()).toBe(1);
    expect((await call(t.emu, 'GET', '/widgets/x')).status).toBe(200); // the DELETE fault waits for a DELETE
    expect((await call(t.emu, 'DELETE', '/widgets/x')).status).toBe(500);
  });

  it('faults given to the control API (path as string, ^ for a regex)', async () => {
    const r = await call(t.emu, 'POST', '/_emulator/faults', {
      key: null,
      body: {
        faults: [
          { kind: '500', path: '^/widgets' },
          { kind: '429', path: '/v1/me', resetSeconds: 3 },
        ],
      },
    });
    expect(r.body).toEqual({ ok: true, queued: 2 });
    expect((await call(t.emu, 'GET', '/me')).headers.get('ratelimit-reset')).toBe('3');
    expect((await call(t.emu, 'GET', '/widgets/a')).status).toBe(500);
    expect(
      (await call(t.emu, 'POST', '/_emulator/faults', { key: null, body: { faults: [{ kind: 'nope' }] } })).status,
    ).toBe(400);
  });

  it('faults apply only to /v1', async () => {
    t.emu.injectFaults([{ kind: '500' }]);
    expect((await call(t.emu, 'GET', '/_emulator/requests', { key: null })).status).toBe(200);
    expect((await call(t.emu, 'GET', '/c/amelie-laurent', { key: null })).status).toBe(200);
    expect((await call(t.emu, 'GET', '/me')).status).toBe(500);
  });

  it('faultRate 1 fails every API request with a 500 or a dropped connection', async () => {
    const emu = await createEmulator({ port: 0, faultRate: 1 });
    try {
      const outcomes = new Set<string>();
      for (let i = 0; i < 12; i++) {
        try {
          outcomes.add(String((await call(emu, 'GET', '/me')).status));
        } catch {
          outcomes.add('dropped');
        }
      }
      expect([...outcomes].every((o) => o === '500' || o === 'dropped')).toBe(true);
      expect(outcomes.size).toBe(2);
    } finally {
      await emu.close();
    }
  });
});

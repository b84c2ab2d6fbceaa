import { describe, expect, it } from 'vitest';
import { call, useTestEmulator, widgetState } from './_util.js';

const t = useTestEmulator();

describe('idempotency', () => {
  it('same key + same request → stored answer replayed, nothing created twice', async () => {
    const opts = { body: { name: 'Ada', tags: ['a'] }, headers: { 'Idempotency-Key': 'k-1' } };
    const a = await call(t.emu, 'POST', '/widgets', opts);
    expect(a.status).toBe(201);
    const b = await call(t.emu, 'POST', '/widgets', { ...opts, body: { tags: ['a'], name: 'Ada' } }); // key order does not matter
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('request-id')).toBe(a.headers.get('request-id')); // the stored answer, original Request-Id
    expect(widgetState.created).toBe(1);
    // without a key a repeat creates a second object
    await call(t.emu, 'POST', '/widgets', { body: { name: 'Ada' } });
    expect(widgetState.created).toBe(2);
  });

  it('same key + different body, path or query → 409 idempotency_key_reused', async () => {
    const h = { 'Idempotency-Key': 'k-2' };
    expect((await call(t.emu, 'POST', '/widgets', { body: { n: 1 }, headers: h })).status).toBe(201);
    for (const [path, body] of [
      ['/widgets', { n: 2 }],
      ['/widgets?x=1', { n: 1 }],
    ] as const) {
      const r = await call(t.emu, 'POST', path, { body, headers: h });
      expect(r.status).toBe(409);
      expect(r.body.error).toMatchObject({ type: 'conflict', code: 'idempotency_key_reused' });
    }
    const p = await call(t.emu, 'PATCH', '/widgets/w1', { body: { n: 1 }, headers: h });
    expect(p.body.error.code).toBe('idempotency_key_reused');
    expect(widgetState.created).toBe(1);
  });

  it('keys are per API key; GET ignores the header; DELETE replays 204', async () => {
    const h = { 'Idempotency-Key': 'shared' };
    t.emu.store.apiKeys.push({ ...t.emu.store.apiKeys[0], id: 'key_2', name: 'second', secret: 'cq_live_second_key' });
    await call(t.emu, 'POST', '/widgets', { body: { n: 1 }, headers: h });
    const other = await call(t.emu, 'POST', '/widgets', { key: 'cq_live_second_key', body: { n: 1 }, headers: h });
    expect(other.status).toBe(201);
    expect(widgetState.created).toBe(2);
    expect((await call(t.emu, 'GET', '/widgets/x', { headers: h })).status).toBe(200);
    const d1 = await call(t.emu, 'DELETE', '/widgets/x', { headers: { 'Idempotency-Key': 'del' } });
    const d2 = await call(t.emu, 'DELETE', '/widgets/x', { headers: { 'Idempotency-Key': 'del' } });
    expect([d1.status, d2.status, d2.text]).toEqual([204, 204, '']);
  });

  it('a second request while the first is running → 409 idempotency_key_in_flight', async () => {
    t.emu.injectFaults([{ kind: 'slow', method: 'POST', path: '/widgets', delayMs: 400 }]);
    const h = { 'Idempotency-Key': 'k-slow' };
    const first = call(t.emu, 'POST', '/widgets', { body: { n: 1 }, headers: h });
    await new Promise((r) => setTimeout(r, 100));
    const second = await call(t.emu, 'POST', '/widgets', { body: { n: 1 }, headers: h });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ type: 'conflict', code: 'idempotency_key_in_flight' });
    expect((await first).status).toBe(201);
    const third = await call(t.emu, 'POST', '/widgets', { body: { n: 1 }, headers: h });
    expect(third.status).toBe(201);
    expect(widgetState.created).toBe(1);
    expect(widgetState.created).toBe(1);
  });

  it('a key over 255 characters → 400 invalid_idempotency_key; 255 is fine', async () => {
    const r = await call(t.emu, 'POST', '/widgets', { body: {}, headers: { 'Idempotency-Key': 'x'.repeat(256) } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ type: 'invalid_request', code: 'invalid_idempotency_key' });
    expect(
      (await call(t.emu, 'POST', '/widgets', { body: {}, headers: { 'Idempotency-Key': 'x'.repeat(255) } })).status,
    ).toBe(201);
  });

  it('a 500 is not stored: the same key can be retried', async () => {
    widgetState.failNext = 1;
    const h = { 'Idempotency-Key': 'k-500' };
    const a = await call(t.emu, 'POST', '/widgets', { body: { n: 1 }, headers: h });
    expect(a.status).toBe(500);
    expect(a.body.error).toMatchObject({ type: 'api_error', code: 'internal_error' });
    const b = await call(t.emu, 'POST', '/widgets', { body: { n: 1 }, headers: h });
    expect(b.status).toBe(201);
    expect(b.headers.get('request-id')).not.toBe(a.headers.get('request-id'));
  });

  it('4xx outcomes of the handler are stored and replayed; framework refusals are not stored', async () => {
    const h = { 'Idempotency-Key': 'k-4xx' };
    const ro = await call(t.emu, 'PATCH', '/widgets/bad', { key: t.emu.keys.readonly, body: {}, headers: h });
    expect(ro.status).toBe(403);
    const a = await call(t.emu, 'PATCH', '/widgets/bad', { body: {}, headers: h });
    expect(a.status).toBe(422);
    const b = await call(t.emu, 'PATCH', '/widgets/bad', { body: {}, headers: h });
    expect(b.status).toBe(422);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('request-id')).toBe(a.headers.get('request-id'));
    expect(b.headers.get('request-id')).toBe(a.headers.get('request-id'));
  });
});

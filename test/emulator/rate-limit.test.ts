import { describe, expect, it } from 'vitest';
import { call, useTestEmulator } from './_util.js';

const t = useTestEmulator({ rateLimit: 3 });

describe('rate limit', () => {
  it('429 with {success:false,message} and only RateLimit-Reset; the window resets after 60 s', async () => {
    const me = await call(t.emu, 'GET', '/me');
    expect(me.body.rateLimit.requestsPerMinute).toBe(3);
    expect((await call(t.emu, 'GET', '/me')).status).toBe(200);
    expect((await call(t.emu, 'GET', '/me')).status).toBe(200);
    t.emu.advanceTime(15_000);
    const r = await call(t.emu, 'GET', '/me');
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ success: false, message: expect.any(String) });
    expect(r.headers.get('ratelimit-reset')).toBe('45');
    const rl = [...r.headers.keys()].filter(
      (h) => h.toLowerCase().startsWith('ratelimit') || h.toLowerCase().startsWith('x-ratelimit'),
    );
    expect(rl).toEqual(['ratelimit-reset']);
    expect(r.headers.get('retry-after')).toBeNull();
    expect(r.headers.get('request-id')).toBeNull(); // GET /me: the spec documents no Request-Id there
    const w = await call(t.emu, 'POST', '/widgets', { body: {} });
    expect([w.status, w.headers.get('request-id')]).toEqual([429, expect.stringMatching(/^req_/)]); // a Request-Id route: on its 429 too

    t.emu.advanceTime(44_000);
    expect((await call(t.emu, 'GET', '/me')).headers.get('ratelimit-reset')).toBe('1');
    t.emu.advanceTime(1_000);
    expect((await call(t.emu, 'GET', '/me')).status).toBe(200);
  });

  it('limits are per key and reset() clears them', async () => {
    for (let i = 0; i < 3; i++) await call(t.emu, 'GET', '/me');
    expect((await call(t.emu, 'GET', '/me')).status).toBe(429);
    expect((await call(t.emu, 'GET', '/me', { key: t.emu.keys.readonly })).status).toBe(200);
    t.emu.reset();
    expect((await call(t.emu, 'GET', '/me')).status).toBe(200);
  });
});

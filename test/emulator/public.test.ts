import { describe, expect, it } from 'vitest';
import { call, useTestEmulator } from './_util.js';

const t = useTestEmulator();

describe('public routes', () => {
  it('a published card page opens and counts a scan; the vCard is real', async () => {
    const before = t.emu.store.scanCount('crd_amelie');
    const page = await call(t.emu, 'GET', '/c/amelie-laurent', {
      key: null,
      headers: { 'User-Agent': 'Mozilla/5.0 (iPhone)', 'X-Emulator-Country': 'de' },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Amélie Laurent');
    const scans = t.emu.store.scansFor('crd_amelie');
    expect(scans).toHaveLength(before + 1);
    expect(scans.at(-1)).toMatchObject({ country: 'DE', device: 'iOS', accountId: 'acc_acme' });
    const v = await call(t.emu, 'GET', '/c/amelie-laurent/vcard', { key: null });
    expect(v.status).toBe(200);
    expect(v.headers.get('content-type')).toContain('text/vcard');
    expect(v.text).toMatch(/^BEGIN:VCARD\r\nVERSION:3.0\r\nN:Laurent;Amélie;;;\r\nFN:Amélie Laurent\r\n/);
    expect(v.text).toContain('EMAIL;TYPE=WORK:amelie.laurent@acme-robotics.example');
    expect(v.text).toContain('URL;TYPE=linkedin:https://linkedin.com/in/amelielaurent');
    expect(v.text).toContain(`URL:${t.emu.publicBaseUrl}/c/amelie-laurent`);
    expect(v.text.endsWith('END:VCARD\r\n')).toBe(true);
    expect((await call(t.emu, 'GET', '/c/kenji-watanabe/vcard', { key: null })).text).toContain('N:渡辺;健二;;;');
    expect(
      (await call(t.emu, 'GET', '/c/amelie-laurent/wallet/apple', { key: null })).headers.get('content-type'),
    ).toBe('application/vnd.apple.pkpass');
    expect((await call(t.emu, 'GET', '/c/amelie-laurent/wallet/google', { key: null })).status).toBe(302);
  });

  it('a QR link redirects to the destination and counts a scan', async () => {
    const n = t.emu.store.scanCount('qr_roboconf');
    const r = await call(t.emu, 'GET', '/p/roboconf26', { key: null });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('https://acme-robotics.example/events/roboconf-2026?utm_source=qr');
    expect(t.emu.store.scanCount('qr_roboconf')).toBe(n + 1);
    expect((await call(t.emu, 'GET', '/p/ROBOCONF26', { key: null })).status).toBe(302); // case-insensitive
  });

  it('states follow the spec table: preview, not active, archived, Trash, wrong kind', async () => {
    const n = t.emu.store.scanCount('crd_priya');
    const preview = await call(t.emu, 'GET', '/c/priya-r', { key: null });
    expect([preview.status, preview.text.includes('Preview')]).toEqual([200, true]);
    expect(t.emu.store.scanCount('crd_priya')).toBe(n); // previews are not scans
    expect((await call(t.emu, 'GET', '/p/feedback-q4', { key: null })).status).toBe(302);
    expect((await call(t.emu, 'GET', '/c/oguz-yilmaz', { key: null })).status).toBe(423); // draft after publishing
    expect((await call(t.emu, 'GET', '/c/aleksandra-w', { key: null })).status).toBe(423); // paused: true
    expect((await call(t.emu, 'GET', '/c/liam-oconnor', { key: null })).status).toBe(423); // status paused
    expect((await call(t.emu, 'GET', '/p/spring-promo', { key: null })).status).toBe(423);
    expect((await call(t.emu, 'GET', '/p/ar7-manual', { key: null })).status).toBe(423);
    expect((await call(t.emu, 'GET', '/c/mateus-conceicao', { key: null })).status).toBe(410);
    expect((await call(t.emu, 'GET', '/p/webinar-2025', { key: null })).status).toBe(410);
    expect((await call(t.emu, 'GET', '/c/sven-lindqvist', { key: null })).status).toBe(410); // in Trash
    expect((await call(t.emu, 'GET', '/p/flyer-2024', { key: null })).status).toBe(410);
    expect((await call(t.emu, 'GET', '/p/amelie-laurent', { key: null })).status).toBe(404); // a card is not a /p/ link
    expect((await call(t.emu, 'GET', '/c/nobody-here', { key: null })).status).toBe(404);
    expect((await call(t.emu, 'GET', `${t.emu.publicBaseUrl}/elsewhere`, { key: null })).body.error.code).toBe(
      'unknown_endpoint',
    );
  });

  it('urls use the account custom domain when set', async () => {
    const { serializeCard, serializeQrCode } = await import('../../src/emulator/serialize.js');
    const card = t.emu.store.cards.find((c) => c.id === 'crd_amelie')!;
    expect(serializeCard(t.emu.store, card)).toMatchObject({
      url: `${t.emu.publicBaseUrl}/c/amelie-laurent`,
      vcardUrl: `${t.emu.publicBaseUrl}/c/amelie-laurent/vcard`,
    });
    t.emu.store.accounts[0].publicBase = 'https://cards.acme-robotics.example/';
    expect(serializeCard(t.emu.store, card).url).toBe('https://cards.acme-robotics.example/c/amelie-laurent');
    const qr = t.emu.store.qrCodes.find((q) => q.id === 'qr_roboconf')!;
    expect(serializeQrCode(t.emu.store, qr)).toMatchObject({
      object: 'qr_code',
      url: 'https://cards.acme-robotics.example/p/roboconf26',
      scanCount: t.emu.store.scanCount('qr_roboconf'),
    });
    expect(Object.keys(serializeQrCode(t.emu.store, qr))).not.toContain('accountId');
  });
});

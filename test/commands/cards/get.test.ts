import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';

const emu = useEmulator();

describe('cardqr cards get', () => {
  it('a record table on a terminal: status, paused, URLs, fields, relative dates', async () => {
    const r = await runCli(['cards', 'get', 'crd_aleksandra'], { emu, tty: true });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    for (const text of [
      'Aleksandra Wiśniewska',
      'yes: the plan does not cover it',
      `${emu.publicBaseUrl}/c/aleksandra-w/vcard`,
      'emails: Work: aleksandra.w@acme-robotics.example',
      'days ago',
    ]) {
      expect(r.stdout).toContain(text);
    }
  });

  it('json off a terminal; csv parses back; -q prints nothing', async () => {
    const card = json(await runCli(['cards', 'get', 'crd_kenji'], { emu }));
    expect(card).toMatchObject({
      object: 'card',
      id: 'crd_kenji',
      name: '渡辺 健二',
      paused: false,
      fields: { address: { city: 'Tokyo' } },
    });
    const rows = parse((await runCli(['cards', 'get', 'crd_kenji', '-o', 'csv'], { emu })).stdout, {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        id: 'crd_kenji',
        name: '渡辺 健二',
        'fields.phones': 'Mobile: +81 90-1234-5678',
        templateId: 'tpl_sales',
      }),
    ]);
    const q = await runCli(['cards', 'get', 'crd_kenji', '-q'], { emu });
    expect([q.exitCode, q.stdout, q.stderr]).toEqual([0, '', '']);
  });

  it("a QR code id, a card in Trash or another account's card is 404: exit 4", async () => {
    for (const id of ['qr_roboconf', 'crd_sven', 'crd_camille']) {
      const r = await runCli(['cards', 'get', id], { emu });
      expect([id, r.exitCode]).toEqual([id, 4]);
      expect(r.stderr).toMatch(/^error: resource_not_found \(404\): /);
      expect(r.stdout).toBe('');
    }
    const withJson = await runCli(['cards', 'get', 'qr_roboconf', '-o', 'json'], { emu });
    expect(withJson.stderr).toContain('{"error":{"type":"not_found","code":"resource_not_found"');
  });

  it('a key without cards:read is exit 3', async () => {
    expect((await runCli(['cards', 'get', 'crd_kenji'], { emu, key: emu.keys.qronly })).exitCode).toBe(3);
  });
});

describe('cardqr cards wallet', () => {
  it('table on a terminal, json, csv and -q', async () => {
    const t = await runCli(['cards', 'wallet', 'crd_amelie'], { emu, tty: true });
    expect(t.stdout).toContain(`${emu.publicBaseUrl}/c/amelie-laurent/wallet/apple`);
    expect(t.stdout).toMatch(/\d+ installed of \d+ issued/);
    const w = json(await runCli(['cards', 'wallet', 'crd_liam'], { emu }));
    expect(w).toMatchObject({ object: 'wallet_links', cardId: 'crd_liam', enabled: false, apple: null, google: null });
    const off = await runCli(['cards', 'wallet', 'crd_liam'], { emu, tty: true, env: { NO_COLOR: '1' } });
    expect(off.stdout).toContain('not available for this card');
    const rows = parse((await runCli(['cards', 'wallet', 'crd_amelie', '-o', 'csv'], { emu })).stdout, {
      columns: true,
    }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({
      cardId: 'crd_amelie',
      enabled: 'true',
      'installs.apple.issued': expect.stringMatching(/^\d+$/),
    });
    expect((await runCli(['cards', 'wallet', 'crd_amelie', '-q'], { emu })).stdout).toBe('');
  });

  it('404 is exit 4', async () => {
    expect((await runCli(['cards', 'wallet', 'qr_support'], { emu })).exitCode).toBe(4);
  });
});

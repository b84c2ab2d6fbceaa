import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { holdShortCode } from '../../../src/emulator/card-factory.js';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';
import { call } from '../../emulator/_util.js';

const emu = useEmulator();
const menu = ['qr', 'create', '--name', 'Lunch menu', '--url', 'https://bistro.example/menu'];

describe('cardqr qr create', () => {
  it('table on a terminal, json otherwise; the short link redirects', async () => {
    const t = await runCli([...menu, '--short-code', 'lunch-1'], { emu, tty: true });
    expect([t.exitCode, t.stderr]).toEqual([0, '']);
    expect(t.stdout).toContain(`${emu.publicBaseUrl}/p/lunch-1`);
    expect(emu.requests({ method: 'POST' })[0].body).toEqual({
      name: 'Lunch menu',
      destinationUrl: 'https://bistro.example/menu',
      shortCode: 'lunch-1',
    });
    const qr = json(await runCli([...menu, '--status', 'draft'], { emu }));
    expect(qr).toMatchObject({ object: 'qr_code', type: 'url', status: 'draft', paused: false, scanCount: 0 });
    const hop = await call(emu, 'GET', '/p/lunch-1', { key: null });
    expect([hop.status, hop.headers.get('location')]).toEqual([302, 'https://bistro.example/menu']);
  });

  it('csv parses back; -q prints nothing', async () => {
    const rows = parse((await runCli([...menu, '-o', 'csv'], { emu })).stdout, { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows[0]).toMatchObject({
      name: 'Lunch menu',
      type: 'url',
      status: 'published',
      destinationUrl: 'https://bistro.example/menu',
    });
    const q = await runCli([...menu, '-q'], { emu });
    expect([q.exitCode, q.stdout, q.stderr]).toEqual([0, expect.stringMatching(/^qr_\w+\n$/), '']);
  });

  it('warns when the plan does not cover the new code (paused: true)', async () => {
    emu.store.account('acc_acme')!.plan = 'business_card';
    const r = await runCli([...menu, '--short-code', 'parked-menu'], { emu });
    expect(r.exitCode).toBe(0);
    expect(json(r).paused).toBe(true);
    expect(r.stderr).toBe(
      `warning: QR code ${json(r).id} was created but is paused (paused: true): the plan does not cover it, so ${emu.publicBaseUrl}/p/parked-menu does not redirect\n`,
    );
    expect((await call(emu, 'GET', '/p/parked-menu', { key: null })).status).toBe(423);
  });

  it('bad values are exit 2 with nothing sent', async () => {
    const cases = [
      ['qr', 'create', '--url', 'https://x.example'],
      ['qr', 'create', '--name', 'x'],
      [...menu.slice(0, 4), '--url', 'bistro.example/menu'],
      [...menu.slice(0, 4), '--url', 'ftp://bistro.example/menu'],
      [...menu.slice(0, 4), '--url', 'https://bistro example'],
      ['qr', 'create', '--name', 'x'.repeat(201), '--url', 'https://x.example'],
      [...menu, '--short-code', 'pricing'],
      [...menu, '--short-code', 'a_b'],
      [...menu, '--status', 'archived'],
      [...menu, '--idempotency-key', 'k'.repeat(256)],
    ];
    for (const args of cases) {
      const r = await runCli(args, { emu });
      expect([args.slice(2).join(' ').slice(0, 50), r.exitCode]).toEqual([args.slice(2).join(' ').slice(0, 50), 2]);
    }
    expect(emu.requests()).toEqual([]);
  });

  it('API refusals: taken 400 (exit 5, Trash and cards included), race 409, reserved 400, allowance 403, scope 403, 422', async () => {
    for (const code of ['roboconf26', 'flyer-2024', 'amelie-laurent']) {
      const r = await runCli([...menu, '--short-code', code], { emu });
      expect([code, r.exitCode, r.stderr]).toEqual([code, 5, expect.stringContaining('invalid_request (400)')]);
    }
    const release = holdShortCode(emu.store, 'menu-race');
    const race = await runCli([...menu, '--short-code', 'menu-race'], { emu });
    release();
    expect([race.exitCode, race.stderr]).toEqual([5, expect.stringContaining('already_exists (409)')]);
    const reserved = await runCli(
      ['api', 'POST', '/qr-codes', '--data', '{"name":"x","destinationUrl":"https://x.example","shortCode":"help"}'],
      { emu },
    );
    expect([reserved.exitCode, reserved.stderr]).toEqual([5, expect.stringContaining('reserved_short_link (400)')]);
    const unknown = await runCli(
      ['api', 'POST', '/qr-codes', '--data', '{"name":"x","destinationUrl":"https://x.example","color":"red"}'],
      { emu },
    );
    expect([unknown.exitCode, unknown.stderr]).toEqual([5, expect.stringContaining('  color: unrecognized_keys')]);
    emu.store.account('acc_acme')!.qrAllowance = 0;
    const full = await runCli(menu, { emu });
    expect([full.exitCode, full.stderr]).toEqual([3, expect.stringContaining('limit_exhausted_products (403)')]);
    const ro = await runCli(menu, { emu, key: emu.keys.readonly });
    expect([ro.exitCode, ro.stderr]).toEqual([3, expect.stringContaining('forbidden (403)')]);
  });

  it('idempotency: same key replays, another body is 409 idempotency_key_reused; malformed 500 retried', async () => {
    const a = json(await runCli([...menu, '--idempotency-key', 'menu-1'], { emu }));
    expect(json(await runCli([...menu, '--idempotency-key', 'menu-1'], { emu })).id).toBe(a.id);
    const reused = await runCli(
      ['qr', 'create', '--name', 'Dinner', '--url', 'https://bistro.example/dinner', '--idempotency-key', 'menu-1'],
      { emu },
    );
    expect([reused.exitCode, reused.stderr]).toEqual([5, expect.stringContaining('idempotency_key_reused (409)')]);
    emu.injectFaults([{ kind: 'malformed_500', method: 'POST', path: '/qr-codes', times: 2 }]);
    const failed = await runCli([...menu, '--max-retries', '1'], { emu });
    expect([failed.exitCode, failed.stderr]).toEqual([1, expect.stringContaining('(500): Internal Server Error')]);
  });
});

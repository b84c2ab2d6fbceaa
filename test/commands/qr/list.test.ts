import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { QrRecord } from '../../../src/emulator/model.js';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';

const emu = useEmulator();

function addCodes(n: number): string[] {
  const base = emu.now() - n * 60_000;
  return Array.from({ length: n }, (_, i) => {
    const at = new Date(base + i * 60_000).toISOString();
    const id = `qr_bulk${String(i).padStart(4, '0')}`;
    emu.store.qrCodes.push({
      object: 'qr_code',
      id,
      accountId: 'acc_acme',
      name: `Table ${i}`,
      type: 'url',
      status: 'published',
      shortCode: `table-${i}`,
      destinationUrl: `https://bistro.example/t/${i}`,
      paused: false,
      everPublished: true,
      design: { foreground: '#000000', background: '#FFFFFF', frame: null },
      createdAt: at,
      updatedAt: at,
    } satisfies QrRecord);
    return id;
  });
}

describe('cardqr qr list', () => {
  it('a code the plan paused reads "published (paused)" as in cards list, with --fields too; CSV keeps the raw status', async () => {
    const q = emu.store.qrCodes.find((c) => c.id === 'qr_manual')!;
    expect([q.status, q.paused]).toEqual(['published', true]);
    const plain = (t: string) => t.replace(/\x1b\[[0-9;]*m/g, '');
    for (const args of [
      ['qr', 'list'],
      ['qr', 'list', '--fields', 'id,status'],
      ['cards', 'list', '--fields', 'id,status'],
    ]) {
      const r = await runCli([...args, '-o', 'table'], { emu, columns: 200 });
      expect(r.exitCode).toBe(0);
      expect(plain(r.stdout)).toMatch(
        args[0] === 'qr' ? /qr_manual .*published \(paused\)/ : /crd_aleksandra .*published \(paused\)/,
      );
    }
    const rec = await runCli(['qr', 'get', 'qr_manual', '--fields', 'id,status', '-o', 'table'], { emu });
    expect(plain(rec.stdout)).toMatch(/status\s+published \(paused\)/);
    const csv = await runCli(['qr', 'list', '--fields', 'id,status', '-o', 'csv'], { emu });
    expect(csv.stdout).toContain('qr_manual,published\r\n');
  });

  it('table on a terminal: type, coloured status, paused, short link, scans, hint', async () => {
    const r = await runCli(['qr', 'list', '--limit', '3'], { emu, tty: true, columns: 200 });
    expect(r.exitCode).toBe(0);
    for (const text of ['TYPE', 'SCANS', 'qr_feedback', 'feedback-q4', `${emu.publicBaseUrl}/p/feedback-q4`])
      expect(r.stdout).toContain(text);
    expect(r.stdout).toMatch(/\x1b\[33mdraft/);
    expect(r.stderr).toBe('3 of 8 shown; --all for every page\n');
  });

  it('json off a terminal; search, status and type go to the API', async () => {
    const all = json(await runCli(['qr', 'list'], { emu }));
    expect(all.map((q: { type: string }) => q.type).sort()).toEqual([
      'file',
      'gs1',
      'page',
      'url',
      'url',
      'url',
      'url',
      'url',
    ]);
    expect(json(await runCli(['qr', 'list', '--type', 'gs1'], { emu })).map((q: { id: string }) => q.id)).toEqual([
      'qr_gs1',
    ]);
    expect(
      json(await runCli(['qr', 'list', '--status', 'archived'], { emu })).map((q: { id: string }) => q.id),
    ).toEqual(['qr_webinar']);
    expect(
      json(await runCli(['qr', 'list', '--search', 'docs.acme'], { emu })).map((q: { id: string }) => q.id),
    ).toEqual(['qr_manual']);
  });

  it('csv parses back; -q prints ids', async () => {
    const rows = parse((await runCli(['qr', 'list', '-o', 'csv', '--type', 'file'], { emu })).stdout, {
      columns: true,
    }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        id: 'qr_spec_sheet',
        type: 'file',
        status: 'published',
        paused: 'false',
        shortCode: 'ar7-spec',
      }),
    ]);
    expect(Object.keys(rows[0])).toEqual([
      'id',
      'name',
      'type',
      'status',
      'paused',
      'shortCode',
      'url',
      'destinationUrl',
      'scanCount',
      'createdAt',
      'updatedAt',
      'extra',
    ]);
    const q = await runCli(['qr', 'list', '-q', '--status', 'paused'], { emu });
    expect(q.stdout).toBe('qr_promo\n');
  });

  it('--all over more than 3 pages: every code once, in order, streamed as csv', async () => {
    const ids = addCodes(305);
    const r = await runCli(['qr', 'list', '--all', '-o', 'csv'], { emu });
    const rows = parse(r.stdout, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(313);
    expect(rows.slice(0, 305).map((x) => x.id)).toEqual([...ids].reverse());
    expect(new Set(rows.map((x) => x.id)).size).toBe(313);
    expect(emu.requests({ path: '/qr-codes' }).map((q) => q.query.offset)).toEqual(['0', '100', '200', '300']);
  });

  it('bad flags exit 2 with nothing sent; scopes and keys exit 3', async () => {
    for (const args of [
      ['--type', 'card'],
      ['--status', 'live'],
      ['--limit', 'x'],
    ]) {
      expect((await runCli(['qr', 'list', ...args], { emu })).exitCode).toBe(2);
    }
    expect(emu.requests()).toEqual([]);
    expect((await runCli(['qr', 'list'], { emu, key: emu.keys.qronly })).exitCode).toBe(0);
    const ro = await runCli(['qr', 'list'], { emu, key: emu.keys.campaign });
    expect([ro.exitCode, ro.stderr]).toEqual([3, expect.stringContaining('key_scoped_to_campaign (403)')]);
  });
});

describe('cardqr qr get', () => {
  it('table, json, csv, -q; a card id is 404 (exit 4)', async () => {
    const t = await runCli(['qr', 'get', 'qr_manual'], { emu, tty: true });
    expect(t.stdout).toContain('yes: the plan does not cover it; its link does not open');
    expect(t.stdout).toContain('https://docs.acme-robotics.example/ar7/install');
    expect(json(await runCli(['qr', 'get', 'qr_gs1'], { emu }))).toMatchObject({ object: 'qr_code', type: 'gs1' });
    const rows = parse((await runCli(['qr', 'get', 'qr_roboconf', '-o', 'csv'], { emu })).stdout, {
      columns: true,
    }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ id: 'qr_roboconf', scanCount: expect.stringMatching(/^\d+$/) });
    expect((await runCli(['qr', 'get', 'qr_roboconf', '-q'], { emu })).stdout).toBe('');
    const card = await runCli(['qr', 'get', 'crd_amelie'], { emu });
    expect([card.exitCode, card.stderr]).toEqual([4, expect.stringContaining('resource_not_found (404)')]);
  });
});

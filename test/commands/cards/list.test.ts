import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { addCards } from '../../helpers/records.js';
import { json, runCli } from '../../helpers/run-cli.js';

const emu = useEmulator();
const ESC = /\x1b\[/;

describe('cardqr cards list', () => {
  it('table on a terminal: coloured status with the pause folded in, short code, URL, compact dates, hint footer', async () => {
    const r = await runCli(['cards', 'list', '--limit', '5'], { emu, tty: true, columns: 200 });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(ESC);
    for (const text of ['ID', 'STATUS', 'SHORT CODE', 'crd_priya', 'priya-r', `${emu.publicBaseUrl}/c/priya-r`, ' 9d'])
      expect(r.stdout).toContain(text);
    expect(r.stdout).toMatch(/\x1b\[33mdraft/);
    expect(r.stderr).toBe('5 of 11 shown; --all for every page\n');
    const paused = await runCli(['cards', 'list', '--search', 'aleksandra'], {
      emu,
      tty: true,
      env: { NO_COLOR: '1' },
    });
    expect(paused.stdout).toMatch(/crd_aleksandra .* published \(paused\) {2}/);
    expect(paused.stdout).not.toMatch(ESC);
  });

  it('json off a terminal, with the API fields; filters go to the API', async () => {
    const r = await runCli(['cards', 'list', '--template', 'tpl_sales'], { emu });
    expect(r.stderr).toBe('');
    const cards = json(r);
    expect(cards.map((c: { id: string }) => c.id).sort()).toEqual(['crd_kenji', 'crd_zoe']);
    expect(cards[0]).toMatchObject({ object: 'card', templateId: 'tpl_sales', fields: expect.any(Object) });
    expect(
      json(await runCli(['cards', 'list', '--status', 'archived'], { emu })).map((c: { id: string }) => c.id),
    ).toEqual(['crd_mateus']);
    expect(json(await runCli(['cards', 'list', '--search', 'LAUR'], { emu }))).toHaveLength(1);
    expect(emu.requests({ method: 'GET', path: '/cards' }).at(-1)?.query).toEqual({
      search: 'LAUR',
      limit: '25',
      offset: '0',
    });
  });

  it('csv parses back with dotted columns and lists in one cell; -q prints ids', async () => {
    const r = await runCli(['cards', 'list', '-o', 'csv', '--search', 'amélie'], { emu });
    const rows = parse(r.stdout, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 'crd_amelie',
      status: 'published',
      paused: 'false',
      shortCode: 'amelie-laurent',
      'fields.address.city': 'Lyon',
      'fields.emails': 'Work: amelie.laurent@acme-robotics.example',
      'fields.links': 'website: https://acme-robotics.example; linkedin: linkedin.com/in/amelielaurent',
    });
    const q = await runCli(['cards', 'list', '-q', '--status', 'draft'], { emu, tty: true });
    expect(q.stdout.split('\n').filter(Boolean).sort()).toEqual(['crd_oguz', 'crd_priya']);
    expect(q.stderr).toBe('');
  });

  it('--all over more than 3 pages returns every card exactly once, newest first, streaming ndjson', async () => {
    const ids = addCards(emu, 330).map((c) => c.id);
    const r = await runCli(['cards', 'list', '--all', '-o', 'ndjson'], { emu });
    expect(r.exitCode).toBe(0);
    const got = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).id as string);
    expect(got).toHaveLength(341);
    expect(new Set(got).size).toBe(341);
    expect(got.slice(0, 330)).toEqual([...ids].reverse());
    const pages = emu.requests({ method: 'GET', path: '/cards' });
    expect(pages.map((p) => p.query.offset)).toEqual(['0', '100', '200', '300']);
    expect(pages.every((p) => p.query.limit === '100')).toBe(true);
    const table = await runCli(['cards', 'list', '--all', '-o', 'table'], { emu, tty: true });
    expect(table.stderr).toBe(''); // no hint when every page is shown
  });

  it('bad flags are exit 2 with nothing sent', async () => {
    for (const args of [
      ['--limit', '0'],
      ['--limit', '101'],
      ['--status', 'deleted'],
      ['--search', 'x'.repeat(201)],
      ['--offset', '-1'],
    ]) {
      const r = await runCli(['cards', 'list', ...args], { emu });
      expect([args[0], r.exitCode]).toEqual([args[0], 2]);
      expect(r.stderr).toMatch(/^error: /);
    }
    expect(emu.requests()).toEqual([]);
  });

  it('auth and scope errors are exit 3; 429 after retries is 6; 500 after retries is 1', async () => {
    const cases: Array<[string | undefined, string, number]> = [
      [emu.keys.revoked, 'invalid_api_key (401)', 3],
      [emu.keys.qronly, 'forbidden (403)', 3],
      [emu.keys.campaign, 'key_scoped_to_campaign (403)', 3],
      [emu.keys.noapi, 'upgrade_required_api (403)', 3],
    ];
    for (const [key, text, exit] of cases) {
      const r = await runCli(['cards', 'list'], { emu, key });
      expect([text, r.exitCode]).toEqual([text, exit]);
      expect(r.stderr).toContain(`error: ${text}`);
    }
    emu.injectFaults([{ kind: '429', path: '/cards', times: 3, resetSeconds: 2 }]);
    const limited = await runCli(['cards', 'list', '--max-retries', '2'], { emu });
    expect([limited.exitCode, limited.stderr]).toEqual([6, expect.stringContaining('rate limit')]);
    emu.injectFaults([{ kind: '500', path: '/cards', times: 2 }]);
    const broken = await runCli(['cards', 'list', '--max-retries', '1'], { emu });
    expect([broken.exitCode, broken.stderr]).toEqual([1, expect.stringContaining('internal_error (500)')]);
  });
});

import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';

const emu = useEmulator();

describe('cardqr templates list', () => {
  it('table on a terminal with rule counts and the page hint', async () => {
    const r = await runCli(['templates', 'list', '--limit', '4'], { emu, tty: true });
    expect(r.exitCode).toBe(0);
    for (const text of ['REQUIRED', 'LOCKED', 'HIDDEN', 'tpl_cmp_board', 'Board members'])
      expect(r.stdout).toContain(text);
    expect(r.stderr).toBe('4 of 9 shown; --all for every page\n');
  });

  it('json off a terminal, csv parsed back, -q ids, --all', async () => {
    const all = json(await runCli(['templates', 'list'], { emu }));
    expect(all).toHaveLength(9);
    expect(all.find((t: { id: string }) => t.id === 'tpl_sales')).toMatchObject({
      object: 'card_template',
      policy: { fields: { address: { mode: 'hidden' } } },
    });
    const rows = parse((await runCli(['templates', 'list', '-o', 'csv'], { emu })).stdout, { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.find((t) => t.id === 'tpl_corporate')).toEqual(
      expect.objectContaining({ name: 'Acme corporate', 'policy.theme': 'locked', 'policy.blocks': 'reorder_only' }),
    );
    const q = await runCli(['templates', 'list', '-q', '--all'], { emu });
    expect(q.stdout.trim().split('\n')).toHaveLength(9);
  });

  it('exit 2 for a bad limit (nothing sent), 3 without templates:read or with a campaign key', async () => {
    expect((await runCli(['templates', 'list', '--limit', '500'], { emu })).exitCode).toBe(2);
    expect(emu.requests()).toEqual([]);
    expect((await runCli(['templates', 'list'], { emu, key: emu.keys.qronly })).stderr).toContain('forbidden (403)');
    expect((await runCli(['templates', 'list'], { emu, key: emu.keys.campaign })).exitCode).toBe(3);
  });
});

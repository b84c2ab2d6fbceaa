import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';

const emu = useEmulator();

describe('cardqr templates get', () => {
  it('on a terminal: the template, then its field rules as a table (key, mode, value)', async () => {
    const r = await runCli(['templates', 'get', 'tpl_corporate'], { emu, tty: true, env: { NO_COLOR: '1' } });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('Acme corporate');
    expect(r.stdout).toContain('Field rules');
    const rules = r.stdout.slice(r.stdout.indexOf('Field rules'));
    expect(rules).toMatch(/\nKEY {2,}MODE {2,}VALUE\n/);
    expect(rules).toMatch(/\ncompany {2,}locked {3,}Acme Robotics\n/);
    expect(rules).toMatch(/\nlinks {2,}prefilled {2,}website: https:\/\/acme-robotics\.example\n/);
    expect(rules).toMatch(/\nbio {2,}hidden {3,}-\n/);
    // required first, hidden last
    expect(rules.indexOf('firstName')).toBeLessThan(rules.indexOf('company'));
    expect(rules.indexOf('photoUrl')).toBeLessThan(rules.indexOf('bio'));
  });

  it('json keeps the API object; csv has dotted policy columns; -q prints nothing', async () => {
    const t = json(await runCli(['templates', 'get', 'tpl_event'], { emu }));
    expect(t).toMatchObject({
      object: 'card_template',
      id: 'tpl_event',
      policy: { fields: { phones: { mode: 'hidden' } } },
    });
    const rows = parse((await runCli(['templates', 'get', 'tpl_event', '-o', 'csv'], { emu })).stdout, {
      columns: true,
    }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ id: 'tpl_event', 'policy.theme': 'locked' });
    const q = await runCli(['templates', 'get', 'tpl_event', '-q'], { emu, tty: true });
    expect([q.exitCode, q.stdout]).toEqual([0, '']);
  });

  it('an unknown id is 404 (exit 4); a key without the scope is exit 3', async () => {
    const r = await runCli(['templates', 'get', 'tpl_nope'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([
      4,
      expect.stringMatching(/^error: resource_not_found \(404\): Template not found\./),
    ]);
    expect((await runCli(['templates', 'get', 'tpl_sales'], { emu, key: emu.keys.qronly })).exitCode).toBe(3);
  });
});

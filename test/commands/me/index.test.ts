import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { testRoutes } from '../../emulator/_util.js';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';

const emu = useEmulator({ extraRoutes: testRoutes });

describe('cardqr me', () => {
  it('table on a terminal: key, account, plan, scopes, rate limit and usable commands', async () => {
    const r = await runCli(['me'], { emu, tty: true });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    for (const text of [
      'full (key_full)',
      'acc_acme',
      'pro',
      'cards:write',
      '600 requests/minute',
      'campaigns: list, get, schema, test, create-card, import',
    ]) {
      expect(r.stdout).toContain(text);
    }
  });

  it('json when stdout is not a terminal, with the API fields kept', async () => {
    const me = json(await runCli(['me'], { emu }));
    expect(me.object).toBe('api_key_context');
    expect(me.rateLimit.requestsPerMinute).toBe(600);
    expect(me.commands.leads).toEqual(['list', 'get', 'export', 'follow', 'crm-report']);
  });

  it('a read-only key may use no write command; a campaign key is never called account-wide (GET /me does not say)', async () => {
    const ro = json(await runCli(['me'], { emu, key: emu.keys.readonly }));
    expect(ro.commands.cards).toEqual(['list', 'get', 'wallet']);
    for (const key of [emu.keys.campaign, emu.keys.full]) {
      const human = await runCli(['me'], { emu, key, tty: true });
      expect(human.stdout).not.toContain('account-wide');
      expect(human.stdout).toContain('not shown by GET /me');
      expect(json(await runCli(['me'], { emu, key }))).not.toHaveProperty('campaignId');
    }
  });

  it('ndjson is one line; csv has dotted columns and parses back; --fields picks', async () => {
    const nd = await runCli(['me', '-o', 'ndjson'], { emu });
    expect(nd.stdout.trim().split('\n')).toHaveLength(1);
    const csv = await runCli(['me', '-o', 'csv'], { emu });
    const rows = parse(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(rows[0]['account.plan']).toBe('pro');
    expect(rows[0]['rateLimit.requestsPerMinute']).toBe('600');
    const picked = json(await runCli(['me', '--fields', 'account.plan,key.id'], { emu }));
    expect(picked).toEqual({ account: { plan: 'pro' }, key: { id: 'key_full' } });
    const q = await runCli(['me', '-q'], { emu });
    expect([q.exitCode, q.stdout]).toEqual([0, '']);
  });

  it('global options are accepted after the subcommand too', async () => {
    const r = await runCli(['me', '--output', 'ndjson', '--fields', 'key.name'], { emu });
    expect(r.stdout).toBe('{"key":{"name":"full"}}\n');
  });

  it('tables have no colour off a terminal, and none with NO_COLOR on one', async () => {
    const plain = await runCli(['me', '-o', 'table'], { emu });
    expect(plain.stdout).not.toMatch(/\x1b\[/);
    const noColor = await runCli(['me'], { emu, tty: true, env: { NO_COLOR: '1' } });
    expect(noColor.stdout).not.toMatch(/\x1b\[/);
    const colored = await runCli(['me'], { emu, tty: true });
    expect(colored.stdout).toMatch(/\x1b\[/);
  });
});

// `cardqr mcp` over stdio with the SDK's Client against the emulator: the handshake, every read tool,
// --toolsets, --lockdown, argument errors, and stdout that carries nothing but JSON-RPC.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { removeTempDir, tempDir } from '../helpers/temp-dirs.js';
import { jsonRpcOnly, startStdio, structured, toolError, type McpRun } from './harness.js';

const emu = useEmulator();
let run: McpRun | undefined;
afterEach(async () => {
  await run?.stop();
  run = undefined;
});

describe('cardqr mcp over stdio', () => {
  it('answers initialize with its version and lists the read tools only, under 12 KB', async () => {
    run = await startStdio(emu);
    const info = run.client.getServerVersion();
    expect(info?.name).toBe('cardqr');
    expect(info?.version).toMatch(/^\d+\.\d+\.\d+/);
    const { tools } = await run.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['whoami', 'search', 'get', 'analytics', 'leads_since', 'crm_report']);
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint).toBe(true);
      expect(t.outputSchema?.type).toBe('object');
    }
    expect(JSON.stringify({ tools }).length).toBeLessThan(12 * 1024);
    await run.client.callTool({ name: 'whoami', arguments: {} });
    expect(run.stderr()).toMatch(/serving account acc_acme .* over stdio/);
  });

  it('whoami: the account and profile, never the key', async () => {
    run = await startStdio(emu);
    const result = await run.client.callTool({ name: 'whoami', arguments: {} });
    const me = structured(result);
    expect(me.account.id).toBe('acc_acme');
    expect(JSON.stringify(result)).not.toContain(emu.keys.full);
  });

  it('search and get: cards and QR codes as data', async () => {
    run = await startStdio(emu);
    const cards = structured(await run.client.callTool({ name: 'search', arguments: { kind: 'card', limit: 3 } }));
    expect(cards.items).toHaveLength(3);
    expect(cards.has_more).toBe(true);
    const qr = structured(await run.client.callTool({ name: 'search', arguments: { kind: 'qr', text: 'roboconf' } }));
    expect(qr.items.map((q: { id: string }) => q.id)).toContain('qr_roboconf');
    const card = structured(
      await run.client.callTool({ name: 'get', arguments: { kind: 'card', id: cards.items[0].id } }),
    );
    expect(card.item.id).toBe(cards.items[0].id);
    const tpl = structured(
      await run.client.callTool({ name: 'get', arguments: { kind: 'template', id: 'tpl_corporate' } }),
    );
    expect(tpl.item.id).toBe('tpl_corporate');
    const cmp = structured(
      await run.client.callTool({ name: 'get', arguments: { kind: 'campaign', id: 'cmp_mapped' } }),
    );
    expect(cmp.item.id).toBe('cmp_mapped');
  });

  it('a missing object, a bad id and bad arguments are tool errors, and nothing bad is sent', async () => {
    run = await startStdio(emu);
    expect(
      toolError(await run.client.callTool({ name: 'get', arguments: { kind: 'card', id: 'crd_nope' } })).code,
    ).toBe('resource_not_found');
    emu.clearRequests();
    expect(toolError(await run.client.callTool({ name: 'get', arguments: { kind: 'card', id: '../me' } })).code).toBe(
      'invalid',
    );
    expect(toolError(await run.client.callTool({ name: 'search', arguments: { kind: 'lead' } })).code).toBe('invalid');
    expect(toolError(await run.client.callTool({ name: 'analytics', arguments: { tz: 'Mars/Olympus' } })).code).toBe(
      'invalid',
    );
    expect(emu.requests()).toEqual([]);
    await expect(run.client.callTool({ name: 'apply_plan', arguments: {} })).rejects.toThrow(/unknown tool/);
  });

  it('analytics: the overview and one id', async () => {
    run = await startStdio(emu);
    const all = structured(await run.client.callTool({ name: 'analytics', arguments: { range: '7d' } }));
    expect(all.source).toBe('api');
    expect(all.stats).toHaveProperty('totalScans');
    const one = structured(await run.client.callTool({ name: 'analytics', arguments: { id: 'qr_roboconf' } }));
    expect(one.stats.qrCodeId).toBe('qr_roboconf');
  });

  it('leads_since: every lead once, oldest first, across calls and a restart; contact under untrusted', async () => {
    run = await startStdio(emu);
    const seen: string[] = [];
    let cursor: string | undefined;
    let page = structured(await run.client.callTool({ name: 'leads_since', arguments: { limit: 5 } }));
    for (;;) {
      for (const lead of page.leads) {
        expect(lead).toHaveProperty('untrusted');
        expect(lead).not.toHaveProperty('contact');
        expect(lead).not.toHaveProperty('answers');
        seen.push(lead.id);
      }
      cursor = page.cursor;
      if (!page.has_more) break;
      page = structured(await run.client.callTool({ name: 'leads_since', arguments: { cursor, limit: 5 } }));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(emu.store.leadsOf('acc_acme').length);
    await run.stop();
    // The cursor works in a new server: nothing new yet.
    run = await startStdio(emu);
    const again = structured(await run.client.callTool({ name: 'leads_since', arguments: { cursor } }));
    expect(again.leads).toEqual([]);
    expect(again.cursor).toBe(cursor);
    expect(toolError(await run.client.callTool({ name: 'leads_since', arguments: { cursor: 'nope' } })).code).toBe(
      'invalid',
    );
  });

  it('--lockdown leaves out contacts and answers', async () => {
    run = await startStdio(emu, ['--lockdown']);
    const page = structured(await run.client.callTool({ name: 'leads_since', arguments: { limit: 3 } }));
    expect(page.leads.length).toBeGreaterThan(0);
    expect(page.lockdown).toBe(true);
    for (const lead of page.leads) expect(Object.keys(lead)).not.toEqual(expect.arrayContaining(['untrusted']));
    const one = structured(
      await run.client.callTool({ name: 'get', arguments: { kind: 'lead', id: page.leads[0].id } }),
    );
    expect(one.item).not.toHaveProperty('untrusted');
    expect(one.item).not.toHaveProperty('contact');
  });

  it('crm_report', async () => {
    run = await startStdio(emu);
    const report = structured(await run.client.callTool({ name: 'crm_report', arguments: {} }));
    expect(report.total).toBeGreaterThan(0);
    expect(report.byStatus).toHaveProperty('none');
  });

  it("uses at most half the key's rate, also for a plan applied on the row engine", async () => {
    // The qronly key: 120 requests a minute, one every 500 ms; the server's half: one every 1,000 ms
    // (a wide gap, so that a loaded machine's real time between calls does not hide the pacing).
    run = await startStdio(emu, ['--allow-writes'], { key: emu.keys.qronly });
    for (let i = 0; i < 4; i++) await run.client.callTool({ name: 'get', arguments: { kind: 'qr', id: 'qr_gs1' } });
    const paced = run.sleeps.filter((ms) => ms > 0);
    expect(paced.length).toBeGreaterThanOrEqual(3);
    for (const ms of paced) expect(ms).toBeGreaterThan(500);
    expect(Math.max(...paced)).toBeLessThanOrEqual(1100); // the pacer keeps a small margin
    const rows = Array.from({ length: 4 }, (_, i) => ({
      shortCode: `half-${i}`,
      name: `Half ${i}`,
      destinationUrl: `https://example.com/h/${i}`,
    }));
    const plan = structured(await run.client.callTool({ name: 'plan_qr_apply', arguments: { rows } }));
    run.sleeps.length = 0;
    structured(
      await run.client.callTool({ name: 'apply_plan', arguments: { plan_id: plan.plan_id, sha256: plan.sha256 } }),
    );
    // The row engine paces to the key again: still one request a second, never two.
    const applyPaced = run.sleeps.filter((ms) => ms > 0);
    expect(applyPaced.length).toBeGreaterThanOrEqual(3);
    for (const ms of applyPaced) expect(ms).toBeGreaterThan(500);
  });

  it('--toolsets narrows the list', async () => {
    run = await startStdio(emu, ['--toolsets', 'account,leads']);
    const { tools } = await run.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['whoami', 'get', 'leads_since', 'crm_report']);
  });

  it('stdout carries JSON-RPC only, whatever the tools did; the audit file has every call and no contact', async () => {
    const dir = tempDir('cardqr-mcp-');
    run = await startStdio(emu, [], { configDir: dir });
    const calls: Array<[string, Record<string, unknown>]> = [
      ['whoami', {}],
      ['search', { kind: 'qr' }],
      ['get', { kind: 'qr', id: 'qr_nope' }],
      ['leads_since', {}],
      ['crm_report', {}],
      ['analytics', {}],
      ['get', { kind: 'card', id: 'bad id' }],
    ];
    emu.injectFaults([{ kind: '500' }, { kind: '429', path: '/analytics/overview' }]);
    let leads: Array<{ untrusted: { contact: { email?: string } | null } }> = [];
    for (const [name, args] of calls) {
      const r = await run.client.callTool({ name, arguments: args });
      if (name === 'leads_since') leads = structured(r).leads;
    }
    const stateDir = run.stateDir;
    const stdout = run.stdout();
    expect(await run.stop()).toBe(0);
    run = undefined;
    expect(jsonRpcOnly(stdout)).toEqual([]);
    const audit = readFileSync(join(stateDir, 'mcp-audit.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(audit.map((a) => a.tool)).toEqual(calls.map(([n]) => n));
    expect(audit[2]).toMatchObject({ ids: ['qr_nope'], outcome: 'error:resource_not_found' });
    const text = readFileSync(join(stateDir, 'mcp-audit.ndjson'), 'utf8');
    expect(text).not.toContain(emu.keys.full);
    const emails = leads.map((l) => l.untrusted.contact?.email).filter((e): e is string => Boolean(e));
    expect(emails.length).toBeGreaterThan(0);
    for (const e of emails) expect(text).not.toContain(e);
    removeTempDir(dir);
  });
});

describe('cardqr mcp with a key that does not work', () => {
  it('answers initialize, then stops with the error on stderr and exit 3; stdout still JSON-RPC only', async () => {
    const r = await startStdio(emu, [], { key: emu.keys.revoked });
    const code = await r.exit;
    expect(code).toBe(3);
    expect(r.stderr()).toMatch(/revoked|401|key/i);
    expect(jsonRpcOnly(r.stdout())).toEqual([]);
    await r.stop();
  });
});

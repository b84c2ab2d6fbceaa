// The plan tools of `cardqr mcp --allow-writes` with the SDK's Client against the emulator: a plan
// applied exactly once through apply_plan, elicitation accepted and declined, progress notifications,
// every refusal sending no write, the caps, cancel, plan_status, the audit file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { removeTempDir, tempDir } from '../helpers/temp-dirs.js';
import { startStdio, structured, toolError, type McpRun } from './harness.js';

const emu = useEmulator();
let run: McpRun | undefined;
afterEach(async () => {
  await run?.stop();
  run = undefined;
});

const writes = () => emu.requests().filter((r) => r.method !== 'GET');
const ELICIT = { capabilities: { elicitation: {} } };

/** A client that answers every elicitation with `answer`, keeping the messages it was asked. */
function answering(r: McpRun, answer: ElicitResult): string[] {
  const asked: string[] = [];
  r.client.setRequestHandler(ElicitRequestSchema, (req) => {
    asked.push(req.params.message);
    return answer;
  });
  return asked;
}

describe('cardqr mcp --allow-writes', () => {
  it('lists the plan tools with their static annotations, under 12 KB', async () => {
    run = await startStdio(emu, ['--allow-writes']);
    const { tools } = await run.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'whoami',
      'search',
      'get',
      'analytics',
      'leads_since',
      'crm_report',
      'plan_qr_apply',
      'plan_roster_sync',
      'plan_qr_status',
      'plan_trash',
      'plan_status',
      'apply_plan',
      'cancel_plan',
    ]);
    const apply = tools.find((t) => t.name === 'apply_plan')!;
    expect(apply.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    for (const t of tools.filter((t) => t.name.startsWith('plan_'))) expect(t.annotations?.readOnlyHint).toBe(true);
    expect(JSON.stringify({ tools }).length).toBeLessThan(12 * 1024);
    const plansOnly = await startStdio(emu, ['--allow-writes', '--toolsets', 'plans']);
    expect((await plansOnly.client.listTools()).tools.map((t) => t.name)[0]).toBe('plan_qr_apply');
    await plansOnly.stop();
  });

  it('a plan is applied exactly once; apply_plan again sends nothing; progress is sent', async () => {
    run = await startStdio(emu, ['--allow-writes']);
    const plan = structured(
      await run.client.callTool({
        name: 'plan_qr_apply',
        arguments: {
          rows: [
            { shortCode: 'mcp-one', name: 'MCP one', destinationUrl: 'https://example.com/1' },
            { shortCode: 'mcp-two', name: 'MCP two', destinationUrl: 'https://example.com/2' },
          ],
        },
      }),
    );
    expect(plan).toMatchObject({ destructive: false, state: 'planned', account: 'acc_acme' });
    expect(plan.changes).toHaveLength(2);
    expect(plan.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(writes()).toEqual([]);
    const progress: number[] = [];
    const applied = structured(
      await run.client.callTool(
        { name: 'apply_plan', arguments: { plan_id: plan.plan_id, sha256: plan.sha256 } },
        undefined,
        { onprogress: (p) => void progress.push(p.progress) },
      ),
    );
    expect(applied).toMatchObject({ plan_id: plan.plan_id, state: 'applied', done: 2, total: 2 });
    expect(progress.at(-1)).toBe(2);
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /qr-codes', 'POST /qr-codes']);
    emu.clearRequests();
    const again = structured(
      await run.client.callTool({ name: 'apply_plan', arguments: { plan_id: plan.plan_id, sha256: plan.sha256 } }),
    );
    expect(again.state).toBe('applied');
    expect(writes()).toEqual([]);
    const status = structured(await run.client.callTool({ name: 'plan_status', arguments: { plan_id: plan.plan_id } }));
    expect(status).toMatchObject({ state: 'applied', done: 2, total: 2 });
  });

  it('applied exactly once under dropped answers, 500s and 429s', async () => {
    run = await startStdio(emu, ['--allow-writes']);
    const rows = Array.from({ length: 6 }, (_, i) => ({
      shortCode: `fault-${i}`,
      name: `Fault ${i}`,
      destinationUrl: `https://example.com/f/${i}`,
    }));
    const plan = structured(await run.client.callTool({ name: 'plan_qr_apply', arguments: { rows } }));
    emu.injectFaults([
      { kind: 'drop_after', method: 'POST', path: '/qr-codes' },
      { kind: '500', method: 'POST', path: '/qr-codes' },
      { kind: '429', method: 'POST', path: '/qr-codes' },
      { kind: 'drop_before', method: 'POST', path: '/qr-codes' },
      { kind: 'in_flight', method: 'POST', path: '/qr-codes' },
    ]);
    const args = { plan_id: plan.plan_id, sha256: plan.sha256 };
    let status = structured(await run.client.callTool({ name: 'apply_plan', arguments: args }));
    // An answer lost for good leaves the plan interrupted (outcome unknown): applying again settles it.
    for (let i = 0; i < 3 && status.state !== 'applied'; i++)
      status = structured(await run.client.callTool({ name: 'apply_plan', arguments: args }));
    expect(status).toMatchObject({ state: 'applied', done: 6, total: 6 });
    const held = emu.store.qrCodes.filter((q) => q.shortCode.startsWith('fault-')).map((q) => q.shortCode);
    expect(held.sort()).toEqual(rows.map((r) => r.shortCode).sort());
  });

  it('a destructive plan: refused without a way to ask, declined, then accepted through elicitation', async () => {
    const dir = tempDir('cardqr-mcp-');
    const o = { configDir: dir };
    run = await startStdio(emu, ['--allow-writes'], o);
    const plan = structured(
      await run.client.callTool({ name: 'plan_qr_status', arguments: { ids: ['qr_support'], status: 'paused' } }),
    );
    expect(plan.destructive).toBe(true);
    const args = { plan_id: plan.plan_id, sha256: plan.sha256 };
    expect(toolError(await run.client.callTool({ name: 'apply_plan', arguments: args }))).toMatchObject({
      code: 'not_approved',
      message: expect.stringMatching(/cardqr plans approve/),
    });
    await run.stop();

    run = await startStdio(emu, ['--allow-writes'], { ...ELICIT, ...o });
    const declined = answering(run, { action: 'decline' });
    expect(toolError(await run.client.callTool({ name: 'apply_plan', arguments: args })).code).toBe('not_approved');
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatch(/acc_acme/);
    expect(writes()).toEqual([]);
    await run.stop();

    run = await startStdio(emu, ['--allow-writes'], { ...ELICIT, ...o });
    answering(run, { action: 'accept', content: { approve: false } });
    expect(toolError(await run.client.callTool({ name: 'apply_plan', arguments: args })).code).toBe('not_approved');
    expect(writes()).toEqual([]);
    await run.stop();

    run = await startStdio(emu, ['--allow-writes'], { ...ELICIT, ...o });
    const asked = answering(run, { action: 'accept', content: { approve: true } });
    const applied = structured(await run.client.callTool({ name: 'apply_plan', arguments: args }));
    expect(applied.state).toBe('applied');
    expect(asked).toHaveLength(1);
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual(['PATCH /qr-codes/qr_support']);
    const code = structured(await run.client.callTool({ name: 'get', arguments: { kind: 'qr', id: 'qr_support' } }));
    expect(code.item.status).toBe('paused');
    await run.stop();
    run = undefined;
    removeTempDir(dir);
  });

  it('plan_roster_sync and plan_trash: every change old → new, destructive, nothing sent', async () => {
    run = await startStdio(emu, ['--allow-writes']);
    const partners = emu.store.cards.filter((c) => c.templateId === 'tpl_cmp_partners' && c.externalId);
    const roster = structured(
      await run.client.callTool({
        name: 'plan_roster_sync',
        arguments: {
          campaign_id: 'cmp_native',
          rows: [{ externalId: partners[0].externalId, title: 'Chief Partner' }],
          trash_missing: true,
          max_trash: 50,
        },
      }),
    );
    expect(roster.changes[0]).toMatchObject({ action: 'update', fields: { title: { new: 'Chief Partner' } } });
    expect(roster.destructive).toBe(partners.length > 1);
    const trash = structured(await run.client.callTool({ name: 'plan_trash', arguments: { ids: ['crd_amelie'] } }));
    expect(trash).toMatchObject({ destructive: true, changes: [{ id: 'crd_amelie', action: 'trash' }] });
    expect(writes().filter((r) => !r.path.endsWith('/cards/test'))).toEqual([]);
  });

  it('a session lost while the person is asked: the question ends, nothing is sent, the server stops', async () => {
    const dir = tempDir('cardqr-mcp-');
    try {
      run = await startStdio(emu, ['--allow-writes'], { ...ELICIT, configDir: dir });
      let asked = false;
      run.client.setRequestHandler(ElicitRequestSchema, () => {
        asked = true;
        return new Promise<ElicitResult>(() => undefined); // nobody answers
      });
      const plan = structured(await run.client.callTool({ name: 'plan_trash', arguments: { ids: ['qr_promo'] } }));
      void run.client
        .callTool({ name: 'apply_plan', arguments: { plan_id: plan.plan_id, sha256: plan.sha256 } })
        .catch(() => undefined);
      for (let i = 0; i < 200 && !asked; i++) await new Promise((r) => setTimeout(r, 10));
      expect(asked).toBe(true);
      expect(await run.stop()).toBe(0);
      run = undefined;
      expect(writes()).toEqual([]);
      expect(emu.store.qrCodes.find((q) => q.id === 'qr_promo')).toBeTruthy();
    } finally {
      removeTempDir(dir);
    }
  });

  it('refusals send nothing: hash, unknown plan, cancelled, caps', async () => {
    run = await startStdio(emu, ['--allow-writes', '--max-writes', '1', '--max-trash', '0']);
    const make = async () =>
      structured(
        await run!.client.callTool({
          name: 'plan_qr_apply',
          arguments: {
            rows: [
              { shortCode: 'cap-a', name: 'A', destinationUrl: 'https://example.com/a' },
              { shortCode: 'cap-b', name: 'B', destinationUrl: 'https://example.com/b' },
            ],
          },
        }),
      );
    const plan = await make();
    const call = (args: Record<string, unknown>) => run!.client.callTool({ name: 'apply_plan', arguments: args });
    expect(toolError(await call({ plan_id: plan.plan_id, sha256: 'f'.repeat(64) })).code).toBe('hash_mismatch');
    expect(toolError(await call({ plan_id: 'plan_nope', sha256: plan.sha256 })).code).toBe('not_found');
    expect(toolError(await call({ plan_id: plan.plan_id, sha256: 'short' })).code).toBe('invalid');
    expect(toolError(await call({ plan_id: plan.plan_id, sha256: plan.sha256 })).code).toBe('cap_reached');
    const trash = structured(await run.client.callTool({ name: 'plan_trash', arguments: { ids: ['qr_gs1'] } }));
    expect(toolError(await call({ plan_id: trash.plan_id, sha256: trash.sha256 })).code).toMatch(
      /cap_reached|not_approved/,
    );
    const cancelled = structured(
      await run.client.callTool({ name: 'cancel_plan', arguments: { plan_id: plan.plan_id } }),
    );
    expect(cancelled.state).toBe('cancelled');
    expect(toolError(await call({ plan_id: plan.plan_id, sha256: plan.sha256 })).code).toBe('cancelled');
    expect(writes()).toEqual([]);
  });

  it('the audit file names the plan calls and their outcomes, never a row', async () => {
    const dir = tempDir('cardqr-mcp-');
    try {
      run = await startStdio(emu, ['--allow-writes'], { configDir: dir });
      const plan = structured(
        await run.client.callTool({
          name: 'plan_qr_apply',
          arguments: { rows: [{ shortCode: 'audit-1', name: 'Secret name', destinationUrl: 'https://example.com/x' }] },
        }),
      );
      await run.client.callTool({ name: 'apply_plan', arguments: { plan_id: plan.plan_id, sha256: 'e'.repeat(64) } });
      await run.client.callTool({ name: 'apply_plan', arguments: { plan_id: plan.plan_id, sha256: plan.sha256 } });
      await run.stop();
      run = undefined;
      const text = readFileSync(join(dir, 'state', 'mcp-audit.ndjson'), 'utf8');
      const lines = text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => [l.tool, l.outcome])).toEqual([
        ['plan_qr_apply', 'ok'],
        ['apply_plan', 'error:hash_mismatch'],
        ['apply_plan', 'ok'],
      ]);
      for (const l of lines) expect(l.ids).toContain(plan.plan_id);
      expect(text).not.toContain('Secret name');
      expect(text).not.toContain('example.com');
    } finally {
      removeTempDir(dir);
    }
  });
});

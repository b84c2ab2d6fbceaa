// The plan tools over time, with real waits (the emulator's `slow` fault holds answers in real time):
// apply_plan returns after 30 seconds with `{state, done, total}` and plan_status follows the apply to
// its end; a session lost mid-apply (stdin closed) stops it like Ctrl-C (the row in flight finishes, the
// plan is interrupted); apply_plan in a new server resumes it and every object is written once.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { removeTempDir, tempDir } from '../helpers/temp-dirs.js';
import { startStdio, structured, type McpRun } from './harness.js';

const emu = useEmulator();
const posts = () => emu.requests({ method: 'POST', path: '/qr-codes' });
const rows = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    shortCode: `${prefix}-${i}`,
    name: `${prefix} ${i}`,
    destinationUrl: `https://example.com/${prefix}/${i}`,
  }));

async function planOf(run: McpRun, prefix: string, n: number) {
  return structured(await run.client.callTool({ name: 'plan_qr_apply', arguments: { rows: rows(prefix, n) } }));
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('apply_plan over time', () => {
  it('returns after 30 seconds with the state; plan_status follows the apply to its end', async () => {
    const dir = tempDir('cardqr-mcp-');
    const run = await startStdio(emu, ['--allow-writes'], { configDir: dir });
    try {
      const plan = await planOf(run, 'slow', 3);
      emu.injectFaults([{ kind: 'slow', method: 'POST', path: '/qr-codes', delayMs: 12_000, times: 3 }]);
      const t0 = Date.now();
      const first = structured(
        await run.client.callTool({ name: 'apply_plan', arguments: { plan_id: plan.plan_id, sha256: plan.sha256 } }),
      );
      expect(Date.now() - t0).toBeGreaterThanOrEqual(29_000);
      expect(first).toMatchObject({ state: 'applying', total: 3 });
      expect(first.done).toBeLessThan(3);
      let last: { state: string; done: number } = first;
      await until(async () => {
        last = structured(await run.client.callTool({ name: 'plan_status', arguments: { plan_id: plan.plan_id } }));
        return last.state !== 'applying';
      }, 30_000);
      expect(last).toMatchObject({ state: 'applied', done: 3 });
      expect(posts()).toHaveLength(3);
    } finally {
      await run.stop();
      removeTempDir(dir);
    }
  }, 90_000);

  it('a session lost mid-apply interrupts the plan; a new server resumes it, each object written once', async () => {
    const dir = tempDir('cardqr-mcp-');
    try {
      const run = await startStdio(emu, ['--allow-writes'], { configDir: dir });
      const plan = await planOf(run, 'lost', 4);
      emu.injectFaults([{ kind: 'slow', method: 'POST', path: '/qr-codes', delayMs: 800, times: 4 }]);
      const applying = run.client
        .callTool({ name: 'apply_plan', arguments: { plan_id: plan.plan_id, sha256: plan.sha256 } })
        .catch(() => undefined);
      await until(() => posts().length >= 1, 10_000);
      expect(await run.stop()).toBe(0); // stdin closed: the session is lost
      await applying;
      const sent = posts().length;
      expect(sent).toBeGreaterThanOrEqual(1);
      expect(sent).toBeLessThan(4);

      const again = await startStdio(emu, ['--allow-writes'], { configDir: dir });
      const status = structured(
        await again.client.callTool({ name: 'plan_status', arguments: { plan_id: plan.plan_id } }),
      );
      expect(status.state).toBe('interrupted');
      const resumed = structured(
        await again.client.callTool({ name: 'apply_plan', arguments: { plan_id: plan.plan_id, sha256: plan.sha256 } }),
      );
      expect(resumed).toMatchObject({ state: 'applied', done: 4, total: 4 });
      await again.stop();
      const codes = posts().map((r) => (r.body as { shortCode: string }).shortCode);
      expect(new Set(codes)).toEqual(new Set(rows('lost', 4).map((r) => r.shortCode)));
      const held = emu.store.qrCodes.filter((q) => q.shortCode.startsWith('lost-'));
      expect(held).toHaveLength(4);
    } finally {
      removeTempDir(dir);
    }
  }, 60_000);

  it("the request's cancel stops the apply like Ctrl-C: the plan is interrupted, apply_plan resumes it", async () => {
    const dir = tempDir('cardqr-mcp-');
    const run = await startStdio(emu, ['--allow-writes'], { configDir: dir });
    try {
      const plan = await planOf(run, 'cancel', 4);
      emu.injectFaults([{ kind: 'slow', method: 'POST', path: '/qr-codes', delayMs: 800, times: 4 }]);
      const abort = new AbortController();
      const args = { plan_id: plan.plan_id, sha256: plan.sha256 };
      const applying = run.client
        .callTool({ name: 'apply_plan', arguments: args }, undefined, { signal: abort.signal })
        .catch((e: unknown) => e);
      await until(() => posts().length >= 1, 10_000);
      abort.abort();
      await applying;
      let status = structured(await run.client.callTool({ name: 'plan_status', arguments: { plan_id: plan.plan_id } }));
      await until(async () => {
        status = structured(await run.client.callTool({ name: 'plan_status', arguments: { plan_id: plan.plan_id } }));
        return status.state !== 'applying';
      }, 10_000);
      expect(status.state).toBe('interrupted');
      expect(posts().length).toBeLessThan(4);
      const resumed = structured(await run.client.callTool({ name: 'apply_plan', arguments: args }));
      expect(resumed).toMatchObject({ state: 'applied', done: 4 });
      expect(emu.store.qrCodes.filter((q) => q.shortCode.startsWith('cancel-'))).toHaveLength(4);
    } finally {
      await run.stop();
      removeTempDir(dir);
    }
  }, 60_000);

  it('cancel_plan stops an apply in flight: the row in flight finishes, nothing after it', async () => {
    const dir = tempDir('cardqr-mcp-');
    const run = await startStdio(emu, ['--allow-writes'], { configDir: dir });
    try {
      const plan = await planOf(run, 'stop', 4);
      emu.injectFaults([{ kind: 'slow', method: 'POST', path: '/qr-codes', delayMs: 800, times: 4 }]);
      const applying = run.client.callTool({
        name: 'apply_plan',
        arguments: { plan_id: plan.plan_id, sha256: plan.sha256 },
      });
      await until(() => posts().length >= 1, 10_000);
      const cancelled = structured(
        await run.client.callTool({ name: 'cancel_plan', arguments: { plan_id: plan.plan_id } }),
      );
      expect(cancelled.state).toBe('cancelled');
      await applying;
      const sent = posts().length;
      await new Promise((r) => setTimeout(r, 1_000));
      expect(posts().length).toBe(sent);
      expect(sent).toBeLessThan(4);
    } finally {
      await run.stop();
      removeTempDir(dir);
    }
  }, 60_000);
});

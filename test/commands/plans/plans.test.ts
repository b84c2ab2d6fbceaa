// `cardqr plans list|show|approve|cancel` in-process against plans an agent made (plans(deps) on the
// same state folder). approve: no terminal → exit 2, one line; the wrong characters, Enter alone or
// Ctrl-C → exit 2, not approved; the first 6 characters of the sha256 → approved. The question on a real
// pseudo-terminal is in approve-pty.test.ts.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QuestionCancelled } from '../../../src/errors.js';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli, tempDir } from '../../helpers/run-cli.js';
import { setup, writes, type Setup } from '../../plans/_plans.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
let s: Setup;
let cfg: string;
afterEach(async () => s?.close());

function fresh(): Setup {
  cfg = tempDir('cardqr-plans-cfg-');
  s = setup(emu, { state: join(cfg, 'state') });
  return s;
}
const cli = (args: string[], more: Parameters<typeof runCli>[1] = {}) => runCli(args, { emu, configDir: cfg, ...more });
const pause = () => s.plans.create({ kind: 'qr_status', ids: ['qr_support', 'qr_roboconf'], status: 'paused' });

describe('cardqr plans', () => {
  it('list and show: the plans, each write with its old → new; nothing sent', async () => {
    fresh();
    const none = await cli(['plans', 'list', '-o', 'json']);
    expect([none.exitCode, json(none)]).toEqual([0, []]);
    const plan = await pause();
    const listed = await cli(['plans', 'list'], { tty: { stdout: true }, env: { NO_COLOR: '1' }, columns: 160 });
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).toContain(plan.plan_id);
    expect(listed.stdout).toMatch(/qr_status\s+planned\s+needed\s+0\/2/);
    const shown = await cli(['plans', 'show', plan.plan_id], {
      tty: { stdout: true },
      env: { NO_COLOR: '1' },
      columns: 160,
    });
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).toContain(plan.sha256);
    expect(shown.stdout).toMatch(/pause\s+qr\s+qr_support\s+status\s+published\s+paused/);
    expect(json(await cli(['plans', 'show', plan.plan_id, '-o', 'json']))).toEqual(plan);
    expect(writes(emu)).toEqual([]);
  });

  it('show and cancel of an unknown plan: exit 4, one line', async () => {
    fresh();
    for (const verb of ['show', 'cancel']) {
      const r = await cli(['plans', verb, 'plan_0000000000000000']);
      expect([r.exitCode, r.stderr.split('\n')[0]]).toEqual([
        4,
        expect.stringContaining('no plan plan_0000000000000000'),
      ]);
    }
    expect((await cli(['plans', 'show', '../x'])).exitCode).toBe(4);
  });

  it('cancel: the plan is never applied', async () => {
    fresh();
    const plan = await pause();
    const r = await cli(['plans', 'cancel', plan.plan_id, '-o', 'json']);
    expect([r.exitCode, json(r).state]).toEqual([0, 'cancelled']);
    const e = await s.plans
      .apply(plan.plan_id, plan.sha256, { signal: new AbortController().signal })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'cancelled' });
  });

  it('approve without a terminal: exit 2, one line, not approved (no --yes either)', async () => {
    fresh();
    const plan = await pause();
    for (const tty of [false, { stdin: true }, { stderr: true }]) {
      const r = await cli(['plans', 'approve', plan.plan_id], { tty, stdin: `${plan.sha256.slice(0, 6)}\n` });
      expect(r.exitCode).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/terminal/);
      expect(r.prompts).toEqual([]);
    }
    const yes = await cli(['plans', 'approve', plan.plan_id, '--yes'], { tty: true, answers: [] });
    expect([yes.exitCode, yes.stderr]).toEqual([2, expect.stringMatching(/has no --yes/)]);
    expect(yes.prompts).toEqual([]);
    expect(await s.plans.get(plan.plan_id)).toMatchObject({ approved: false });
  });

  it('approve on a terminal: the wrong characters, Enter or Ctrl-C approve nothing; the first 6 of the sha256 do', async () => {
    fresh();
    const plan = await pause();
    const wrong = plan.sha256.slice(0, 5) + (plan.sha256[5] === 'a' ? 'b' : 'a');
    for (const answer of [wrong, '', plan.sha256.slice(0, 5), new QuestionCancelled()]) {
      const r = await cli(['plans', 'approve', plan.plan_id], { tty: true, answers: [answer] });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(/not approved/);
      expect(r.prompts).toEqual([expect.stringContaining('first 6 characters of its sha256')]);
    }
    expect(await s.plans.get(plan.plan_id)).toMatchObject({ approved: false });
    const ok = await cli(['plans', 'approve', plan.plan_id, '-o', 'json'], {
      tty: true,
      answers: [` ${plan.sha256.slice(0, 6).toUpperCase()} `],
    });
    expect(ok.exitCode).toBe(0);
    // The plan was shown before the question: the account, each write, the sha256 to copy from.
    expect(ok.stderr).toContain('on account acc_acme');
    expect(ok.stderr).toMatch(/pause qr qr_support: status "published" → "paused"/);
    expect(ok.stderr).toContain(plan.sha256);
    expect(json(ok)).toMatchObject({ plan_id: plan.plan_id, approved: true, state: 'approved' });
    const applied = await s.plans.apply(plan.plan_id, plan.sha256, { signal: new AbortController().signal });
    expect(applied).toMatchObject({ state: 'applied', done: 2 });
  });
});

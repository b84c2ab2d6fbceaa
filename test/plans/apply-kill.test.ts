// kill -9 of a process mid-apply (PRODUCT §17), then apply again: the plan, left `applying` with no live
// owner, reads as `interrupted`; the apply resumes it with the plan's keys, and each object is written
// once. Trials kill at seeded points of a 14-write plan (creates, creates then moves, updates).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, useEmulator } from '../helpers/emulator.js';
import { bundle } from './_bundle.js';
import { applied, hooks, setup, writes } from './_plans.js';

// No pacing, a little latency so a kill lands between and during requests.
const emu = useEmulator({ rateLimit: 1_000_000, latencyMs: 5 });
const TRIALS = 8;
let child = '';

beforeAll(async () => {
  child = await bundle(fileURLToPath(new URL('./_apply-child.ts', import.meta.url)));
}, 60_000);

describe('kill -9 mid-apply, then apply again', () => {
  it(`${TRIALS} trials: the plan resumes, each object written once`, async () => {
    const random = seededRandom(11);
    const s = setup(emu);
    emu.store.account('acc_acme')!.qrAllowance = 10_000;
    let killed = 0;
    try {
      for (let t = 0; t < TRIALS; t++) {
        const rows: Array<{ shortCode: string; name: string; destinationUrl?: string; status?: string }> = [
          ...Array.from({ length: 10 }, (_, i) => ({
            shortCode: `kill${t}-${i}`,
            name: `K ${t}.${i}`,
            destinationUrl: `https://k.example/${t}/${i}`,
            ...(i % 4 === 1 ? { status: 'paused' } : {}),
          })),
          { shortCode: 'acme-support', name: `Support ${t}` },
          { shortCode: 'roboconf26', name: `RoboConf ${t}` },
        ];
        const plan = await s.plans.create({ kind: 'qr_apply', rows });
        await s.plans.approve(plan.plan_id, plan.sha256); // it pauses new codes: not destructive, approved anyway
        const base = writes(emu).length;
        const after = Math.floor(random() * plan.total);
        const proc = spawn(
          process.execPath,
          [child, emu.baseUrl, emu.keys.full, s.state, plan.plan_id, plan.sha256, String(emu.now())],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let err = '';
        proc.stderr.on('data', (c) => (err += c));
        const exit = new Promise<string | number | null>((resolve) =>
          proc.on('exit', (code, signal) => resolve(signal ?? code)),
        );
        const watch = setInterval(() => {
          if (writes(emu).length - base >= after) proc.kill('SIGKILL');
        }, 1);
        const how = await exit.finally(() => clearInterval(watch));
        if (how === 'SIGKILL') {
          killed++;
          expect((await s.plans.get(plan.plan_id)).state).toMatch(/interrupted|applied/);
        } else expect([how, err]).toEqual([0, '']);
        const again = await s.plans.apply(plan.plan_id, plan.sha256, hooks());
        expect(again).toMatchObject({ state: 'applied', done: plan.total });
        for (const r of rows) {
          const held = emu.store.qrCodes.filter((q) => q.shortCode === r.shortCode);
          expect(held, r.shortCode).toHaveLength(1);
          expect(held[0]).toMatchObject({ name: r.name, status: r.status ?? 'published' });
        }
        for (const q of emu.store.qrCodes.filter((q) => q.shortCode.startsWith(`kill${t}-`)))
          expect(applied(emu, 'PATCH', `/qr-codes/${q.id}`), q.shortCode).toBeLessThanOrEqual(1);
        // Applied again: its state, nothing sent.
        const sent = writes(emu).length;
        expect(await s.plans.apply(plan.plan_id, plan.sha256, hooks())).toMatchObject({ state: 'applied' });
        expect(writes(emu).length).toBe(sent);
      }
    } finally {
      await s.close();
    }
    expect(killed).toBeGreaterThan(TRIALS / 2);
  }, 120_000);
});

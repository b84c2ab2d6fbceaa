// `cardqr plans approve` on a real pseudo-terminal (PRODUCT §17): the plan is shown, the question asks for
// the first 6 characters of its sha256; the wrong ones approve nothing (exit 2), the right ones approve it.
// With its stdin not a terminal (a pipe, as an agent's shell would give it), it asks nothing and exits 2.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { spawnPty } from '../../helpers/pty.js';
import { tempDir } from '../../helpers/run-cli.js';
import { bundle } from '../../plans/_bundle.js';
import { setup, writes, type Setup } from '../../plans/_plans.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
let cli = '';
let s: Setup;
let cfg: string;
afterEach(async () => s?.close());

beforeAll(async () => {
  cli = await bundle(fileURLToPath(new URL('./_cli-entry.ts', import.meta.url)));
}, 60_000);

function fresh() {
  cfg = tempDir('cardqr-plans-pty-');
  // The CLI runs on the wall clock: the plan is made on it too (the emulator's starts in 2026-11).
  s = setup(emu, { state: join(cfg, 'state'), now: () => new Date() });
}
const env = () => ({
  CARDQR_CONFIG_DIR: cfg,
  CARDQR_STATE_DIR: join(cfg, 'state'),
  CARDQR_BASE_URL: emu.baseUrl,
  CARDQR_API_KEY: undefined,
  CARDQR_PROFILE: undefined,
  NO_COLOR: '1',
  FORCE_COLOR: undefined,
});
const archive = () => s.plans.create({ kind: 'qr_status', ids: ['qr_support'], status: 'archived' });

describe('plans approve on a terminal', () => {
  it('the wrong characters: exit 2, not approved; the first 6 of the sha256: approved', async () => {
    fresh();
    const plan = await archive();
    const wrong = spawnPty(process.execPath, [cli, 'plans', 'approve', plan.plan_id], { env: env() });
    await wrong.waitFor(/first 6 characters of its sha256 to approve plan \S+: $/);
    expect(wrong.text()).toContain(`sha256 ${plan.sha256}`);
    expect(wrong.text()).toMatch(/archive qr qr_support: status "published" → "archived"/);
    wrong.write(`${plan.sha256.slice(0, 5)}${plan.sha256[5] === '0' ? '1' : '0'}\r`);
    expect(await wrong.exit).toBe(2);
    expect(wrong.text()).toMatch(/not the first 6 characters .* it was not approved/);
    expect(await s.plans.get(plan.plan_id)).toMatchObject({ approved: false });

    const right = spawnPty(process.execPath, [cli, 'plans', 'approve', plan.plan_id], { env: env() });
    await right.waitFor(/sha256 to approve plan \S+: $/);
    right.write(`${plan.sha256.slice(0, 6)}\r`);
    expect(await right.exit).toBe(0);
    expect(right.text()).toMatch(/approved plan plan_/);
    expect(await s.plans.get(plan.plan_id)).toMatchObject({ approved: true, state: 'approved' });
    expect(writes(emu)).toEqual([]);
  }, 30_000);

  it('Ctrl-C at the question: exit 2, not approved', async () => {
    fresh();
    const plan = await archive();
    const t = spawnPty(process.execPath, [cli, 'plans', 'approve', plan.plan_id], { env: env() });
    await t.waitFor(/sha256 to approve plan \S+: $/);
    t.write('\x03');
    expect(await t.exit).toBe(2);
    expect(await s.plans.get(plan.plan_id)).toMatchObject({ approved: false });
  }, 30_000);

  it('no terminal (the answer piped in): exit 2, one line, nothing asked', async () => {
    fresh();
    const plan = await archive();
    const child = spawn(process.execPath, [cli, 'plans', 'approve', plan.plan_id], {
      env: { ...process.env, ...env() },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(`${plan.sha256.slice(0, 6)}\n`);
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect([code, out, err.trim().split('\n').length]).toEqual([2, '', 1]);
    expect(err).toMatch(/run it in your own terminal/);
    expect(await s.plans.get(plan.plan_id)).toMatchObject({ approved: false });
  }, 30_000);
});

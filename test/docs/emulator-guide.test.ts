// The emulator guide (docs/emulator.md, shipped in the package) and its sample seed
// (docs/examples/seed.json, shipped too: test/packaging/pack.test.ts): the seed loads, and the guide's
// bigger-seed and control-API lines run against an emulator started from it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSeed } from '../../src/emulator/seed.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { ROOT } from '../helpers/built-cli.js';
import { sh } from './_sh.js';

const SEED = join(ROOT, 'docs/examples/seed.json');
const guide = readFileSync(join(ROOT, 'docs/emulator.md'), 'utf8');
const emu = useEmulator({ seed: JSON.parse(readFileSync(SEED, 'utf8')) });

/** The fenced sh block of the guide that contains `marker`, with the installed path read as this checkout's. */
function block(marker: string): string {
  const found = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes(marker));
  expect(found, marker).toBeDefined();
  return found!.replaceAll('"$(npm root -g)/cardqr/docs/examples/seed.json"', JSON.stringify(SEED));
}

describe('the emulator guide and its sample seed', () => {
  it('names the sample seed, which loads and serves its records with its key', async () => {
    expect(guide).toContain('docs/examples/seed.json');
    parseSeed(JSON.parse(readFileSync(SEED, 'utf8')), SEED);
    const qr = await runCli(['qr', 'list', '-q'], { emu });
    expect([qr.exitCode, qr.stdout.trim().split('\n').sort()]).toEqual([0, ['qr_hall_a', 'qr_program', 'qr_raffle']]);
    const me = await runCli(['me', '-o', 'json'], { emu, key: 'cq_live_sample_read_0123456789ab' });
    expect(me.exitCode).toBe(0);
  });

  it('the bigger-seed line makes a seed that loads', async () => {
    const dir = tempDir();
    const line = block('big-seed.json')
      .split('\n')
      .filter((l) => !l.startsWith('cardqr emulator'))
      .join('\n');
    const r = await sh(line, dir, { PATH: process.env.PATH ?? '' });
    expect(r.code, r.stderr).toBe(0);
    const big = parseSeed(JSON.parse(readFileSync(join(dir, 'big-seed.json'), 'utf8')), 'big-seed.json');
    expect(big.qrCodes).toHaveLength(5003);
  });

  it('the control-API lines add a lead and a scan and move the clock', async () => {
    const origin = new URL(emu.baseUrl).origin;
    const script = block('$E/leads').replace('http://127.0.0.1:4010', origin);
    const scans = emu.store.scans.length;
    const r = await sh(script, tempDir(), { PATH: process.env.PATH ?? '' });
    expect(r.code, r.stderr).toBe(0);
    expect(emu.store.scans.length).toBe(scans + 1);
    const leads = await runCli(['leads', 'list', '-q'], { emu });
    expect(leads.stdout.trim().split('\n').sort()).toEqual(['lead_001', 'lead_002']);
  });
});

// Files we write, for the newer jobs: a path the user names is never one of the job's own files
// (`leads follow`: the state, its lock and spool vs --dead-letter; `qr apply`: the input vs --report and
// its lock). Refused before any request, exit 2.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { useCounters } from './_support.js';

const counts = useCounters('own-files-jobs');
const emu = useEmulator();

describe('a path the user names is never one of the job’s own files', () => {
  it.each([
    ['the state itself', (s: string) => s],
    ['the state lock', (s: string) => `${s}.lock`],
    ['the state spool', (s: string) => `${s}.spool`],
  ])('leads follow --dead-letter at %s: exit 2, nothing sent', async (_n, dead) => {
    const state = join(tempDir(), 'leads.state.json');
    const r = await runCli(['leads', 'follow', '--state', state, '--exec', 'cat', '--dead-letter', dead(state)], {
      emu,
    });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/--dead-letter|--state/);
    expect(emu.requests()).toEqual([]);
    counts.files++;
  });

  it.each([
    ['the input itself', (f: string) => f],
    ['the input, as the report lock', (f: string) => f.replace(/\.lock$/, '')],
  ])('qr apply --report at %s: exit 2, nothing sent', async (name, report) => {
    const dir = tempDir();
    const file = join(dir, name.includes('lock') ? 'codes.csv.lock' : 'codes.csv');
    writeFileSync(file, 'shortCode,name,destinationUrl\nfair-a,A,https://fair.example/a\n');
    const r = await runCli(['qr', 'apply', file, '--report', report(file), '--yes'], { emu });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(emu.requests().filter((q) => q.method !== 'GET')).toEqual([]);
    counts.files++;
  });
});

// `report weekly` against a SQLite store (the cases: _weekly-cases.ts); a run leaves no lock behind.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { weeklyCases } from './_weekly-cases.js';

const emu = useEmulator({ rateLimit: 1_000_000 });

weeklyCases(emu, async () => join(tempDir('cardqr-weekly-'), 'h.db'));

it('a report run leaves no lock beside the store', async () => {
  const db = join(tempDir('cardqr-weekly-'), 'h.db');
  expect((await runCli(['analytics', 'snapshot', '--store', db], { emu })).exitCode).toBe(0);
  expect((await runCli(['report', 'weekly', '--store', db], { emu })).exitCode).toBe(0);
  expect(existsSync(`${db}.lock`)).toBe(false);
});

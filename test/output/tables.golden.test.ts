// Terminal tables as a person sees them, held against golden files (test/__golden__/tables.*.txt):
// the real CLI against the emulator, with the seed and the CLI's clock fixed and a fixed width, so a
// change of layout, cutting, alignment or colour shows up as a diff. After a deliberate change:
// `UPDATE_GOLDEN=1 npx vitest run test/output/tables.golden.test.ts`, then review the diff.
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../../src/emulator/default-seed.js';
import type { Seed } from '../../src/emulator/seed.js';
import { useEmulator } from '../helpers/emulator.js';
import { expectGolden } from '../helpers/golden.js';
import { runCli, type RunOptions } from '../helpers/run-cli.js';

const NOW = Date.parse('2026-03-14T12:00:00Z');
/** The seed dated from NOW, with a custom public domain so no URL holds the emulator's port. */
function fixedSeed(): Seed {
  const seed = defaultSeed({ now: NOW });
  return {
    ...seed,
    accounts: seed.accounts.map((a) => ({ ...a, publicBase: `https://cards.${a.id.slice(4)}.example` })),
  };
}
const emu = useEmulator({ seed: fixedSeed() });
const terminal = (columns: number, env: Record<string, string> = { NO_COLOR: '1' }): RunOptions => ({
  emu,
  tty: true,
  columns,
  now: new Date(NOW),
  env,
});
/** Colour escapes written visibly, so the golden file reads (and diffs) as text. */
const visible = (text: string) => text.replace(/\x1b/g, '␛');

describe('terminal tables (golden files)', () => {
  it('a cards list at 120 columns', async () => {
    const r = await runCli(['cards', 'list', '--limit', '8'], terminal(120));
    expect(r.exitCode).toBe(0);
    expectGolden('tables.cards-list.txt', r.stdout);
  });

  it('a card as a record view', async () => {
    const r = await runCli(['cards', 'get', 'crd_kenji'], terminal(100));
    expect(r.exitCode).toBe(0);
    expectGolden('tables.card-record.txt', r.stdout);
  });

  it('a narrow terminal (40 columns): cells cut with …, what does not fit left out and named on stderr', async () => {
    const r = await runCli(['cards', 'list', '--all'], terminal(40, { NO_COLOR: '1', COLUMNS: '40' }));
    expect(r.exitCode).toBe(0);
    expectGolden('tables.cards-list-40-columns.txt', `${r.stdout}--- stderr\n${r.stderr}`);
  });

  it('colour forced: status and numbers painted', async () => {
    const r = await runCli(['qr', 'list', '--limit', '6'], terminal(120, { FORCE_COLOR: '1' }));
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('\x1b[');
    expectGolden('tables.qr-list.color.txt', visible(r.stdout));
  });
});

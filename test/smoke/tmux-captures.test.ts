// What a person sees in a real terminal, captured with tmux at 40 and 80 columns and held against
// golden files (test/__golden__/tmux.<name>.<columns>.txt): `cards --help` (gh's layout, wrapped to
// the terminal) and `qr list` (columns left out whole, nothing cut in the middle). The built CLI runs
// in a tmux pane against the in-process emulator, its clock fixed at TEST_START by a preload
// (test/helpers/fixed-clock.mjs) and the emulator's too, so the captures do not depend on today's
// date. The pane signals the end with `tmux wait-for`: no sleeps. After a deliberate change:
// `UPDATE_GOLDEN=1 npx vitest run test/smoke/tmux-captures.test.ts`, then review the diff.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSeed } from '../../src/emulator/default-seed.js';
import { displayWidth, loadWidth } from '../../src/output/width.js';
import { CARDQR_COMMAND, ensureFreshBuild, ROOT } from '../helpers/built-cli.js';
import { TEST_START } from '../helpers/clock.js';
import { useEmulator } from '../helpers/emulator.js';
import { expectGolden } from '../helpers/golden.js';
import { tempDir } from '../helpers/run-cli.js';

// Tables measure text beyond ASCII with string-width, loaded before any layout (src/output/width.ts).
beforeAll(loadWidth);

const hasTmux = (() => {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const seed = defaultSeed({ now: TEST_START });
const emu = useEmulator({
  seed: {
    ...seed,
    accounts: seed.accounts.map((a) => ({ ...a, publicBase: `https://cards.${a.id.slice(4)}.example` })),
  },
});
const dir = tempDir();
const socket = join(dir, 'tmux.sock'); // removed with the directory, as the server is at the end
// Asynchronous: the emulator answering the pane runs in this process, so nothing here may block it.
const tmux = async (...args: string[]) =>
  (await promisify(execFile)('tmux', ['-S', socket, ...args], { encoding: 'utf8', timeout: 60_000 })).stdout;

/**
 * Runs `cardqr <args>` in a fresh tmux pane `columns` wide and returns what it showed, scrollback
 * included. `during`: awaited while it runs (it may send keys to the pane, such as Ctrl-C).
 */
async function capture(args: string, columns: number, during?: () => Promise<void>): Promise<string> {
  const script = join(dir, `run-${columns}.sh`);
  writeFileSync(
    script,
    [
      `export CARDQR_BASE_URL='${emu.baseUrl}' CARDQR_API_KEY='${emu.keys.full}' CARDQR_CONFIG_DIR='${dir}'`,
      `export NO_COLOR=1 CARDQR_TEST_NOW=${TEST_START} NODE_OPTIONS='--import ${join(ROOT, 'test', 'helpers', 'fixed-clock.mjs')}'`,
      'unset COLUMNS LINES FORCE_COLOR',
      `cd '${dir}'`,
      'clear',
      `${CARDQR_COMMAND} ${args}`,
      `tmux -S '${socket}' wait-for -S done`,
      'exec sleep 600',
    ].join('\n'),
  );
  await tmux('new-session', '-d', '-s', 'cap', '-x', String(columns), '-y', '40', `bash ${script}`);
  try {
    await during?.();
    await tmux('wait-for', 'done');
    const screen = await tmux('capture-pane', '-p', '-S', '-', '-t', 'cap');
    return screen.replace(/^\n+/, '').replace(/\n+$/, '\n');
  } finally {
    await tmux('kill-session', '-t', 'cap');
  }
}

describe.skipIf(!hasTmux)('tmux captures at 40 and 80 columns (golden files)', () => {
  beforeAll(() => ensureFreshBuild(), 180_000);
  afterAll(() => tmux('kill-server').catch(() => undefined));

  for (const columns of [40, 80]) {
    it(`cards --help at ${columns} columns`, async () => {
      const screen = await capture('cards --help', columns);
      for (const line of screen.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
      expect(screen).toContain('\nUSAGE\n  cardqr cards <command> [flags]\n');
      expect(screen.indexOf('\nCOMMANDS\n')).toBeLessThan(screen.indexOf('\nINHERITED FLAGS\n'));
      expectGolden(`tmux.cards-help.${columns}.txt`, screen);
    }, 60_000);

    it(`campaigns import at ${columns} columns: the spinner line, then Ctrl-C and the summary`, async () => {
      const rows = ['externalId,firstName,lastName,company,emails.0.label,emails.0.value'];
      for (let i = 1; i <= 30; i++) rows.push(`T${columns}-${i},First${i},Last${i},Tmux ${i},Work,t${i}@tmux.example`);
      const file = join(dir, `people-${columns}.csv`);
      writeFileSync(file, `${rows.join('\n')}\n`);
      // Each row is held by the emulator a moment, so the spinner is on screen when Ctrl-C comes.
      emu.injectFaults([
        { method: 'POST', path: '/campaigns/cmp_native/cards', kind: 'slow', delayMs: 150, times: 30 },
      ]);
      const posts = () => emu.requests({ method: 'POST', path: '/campaigns/cmp_native/cards' }).length;
      const before = posts();
      const screen = await capture(`campaigns import cmp_native people-${columns}.csv`, columns, async () => {
        for (let i = 0; i < 2000 && posts() < before + 4; i++) await new Promise((r) => setTimeout(r, 5));
        // The pane shows what tmux has read from the pty so far: on a busy machine it can lag behind the
        // requests, so the progress line is waited for (the rows are slow: 30 × 150 ms).
        let spinner = '';
        for (let i = 0; i < 400 && !/import: \d+\/30 rows/.test(spinner); i++) {
          spinner = await tmux('capture-pane', '-p', '-t', 'cap');
          if (!/import: \d+\/30 rows/.test(spinner)) await new Promise((r) => setTimeout(r, 5));
        }
        expect(spinner).toMatch(/import: \d+\/30 rows/);
        await tmux('send-keys', '-t', 'cap', 'C-c');
      });
      for (const line of screen.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
      const joined = screen.replace(/\n/g, ''); // a line wider than the pane wraps anywhere
      expect(joined).toContain('interrupted: finishing the request in flight');
      expect(joined.match(/--resume/g)).toHaveLength(1); // the resume command, once
      // The progress line at the moment of Ctrl-C (counts, rate, ETA) varies, and so does where the
      // pane wraps it: it is checked above and stands as one placeholder in the golden file.
      const from = screen.indexOf('import: ');
      const to = screen.indexOf('\nimport of ');
      expect([from > 0, to > from]).toEqual([true, true]);
      const stable = (screen.slice(0, from) + '<the progress line at Ctrl-C>' + screen.slice(to))
        .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
        .replace(/created +\d+/g, 'created  N');
      expectGolden(`tmux.import-ctrl-c.${columns}.txt`, stable);
    }, 60_000);

    it(`qr list at ${columns} columns`, async () => {
      const screen = await capture('qr list', columns);
      expect(screen).toMatch(/^ID {2,}NAME/);
      expect(screen).not.toMatch(/qr_\S*…|https?:\S*…/);
      expect(screen).toMatch(new RegExp(`\\nnote: left out to fit ${columns}( |\\n {2})columns: `));
      for (const line of screen.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
      expectGolden(`tmux.qr-list.${columns}.txt`, screen);
    }, 60_000);
  }
});

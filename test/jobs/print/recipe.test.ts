// The label recipe of the README and the print guide (issue 35): codes with a caption naming each, not
// bare codes. The line is read from the docs and run against the emulator's default seed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli } from '../../helpers/run-cli.js';
import { tmp } from './_support.js';

const emu = useEmulator();
const ROOT = join(import.meta.dirname, '../../..');

/** The argv of `cardqr print - …` in the line of `doc` that pipes `qr list` into print. */
function recipe(doc: string): string[] {
  const line = readFileSync(join(ROOT, doc), 'utf8')
    .split('\n')
    .find((l) => l.includes('cardqr qr list --all -q | cardqr print -'));
  expect(line, doc).toBeDefined();
  const cmd = /cardqr print (- .*?-O \S+?)`?$/.exec(line!.trim().replace(/`\s*$/, ''))![1];
  return [...cmd.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

describe('the label recipe', () => {
  for (const doc of ['README.md', 'docs/print.md'])
    it(`${doc}: captions name every code; the sheet is written`, async () => {
      const args = recipe(doc);
      expect(args).toContain('--caption');
      const ids = (await runCli(['qr', 'list', '--all', '-q'], { emu })).stdout;
      const dir = tmp();
      const out = join(dir, args[args.indexOf('-O') + 1]);
      args[args.indexOf('-O') + 1] = out;
      const r = await runCli(['print', ...args], { emu, stdin: ids, configDir: tmp() });
      // The seed holds paused and archived codes: left off with their reason (exit 7), the rest placed.
      expect(r.exitCode, r.stderr).toBe(7);
      expect(existsSync(out)).toBe(true);
      expect((await PDFDocument.load(readFileSync(out))).getPageCount()).toBe(1);
    });
});

// PRODUCT §13, codes that will not open: `print` leaves a paused or archived code (or one the plan no
// longer covers) off the sheet with the reason and exits 7 unless --include-inactive; `image` saves it
// and warns. Both read each object before writing.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { createQrCodes, tmp, usePrintEmulator } from './_support.js';

const emu = usePrintEmulator();

async function codesInEveryState() {
  const [open, paused, archived, planPaused, draft] = await createQrCodes(emu, 5, 'state');
  emu.store.qrCode('acc_print', paused.id)!.status = 'paused';
  emu.store.qrCode('acc_print', archived.id)!.status = 'archived';
  emu.store.qrCode('acc_print', planPaused.id)!.paused = true;
  const d = emu.store.qrCode('acc_print', draft.id)!;
  d.status = 'draft';
  d.everPublished = false; // a draft that was never published still opens (one published before does not: verify-links.test.ts)
  return { open, paused, archived, planPaused, draft };
}

describe('print: codes that will not open', () => {
  it('are left off the sheet with their reason; exit 7; the rest are placed', async () => {
    const c = await codesInEveryState();
    const out = join(tmp(), 'labels.pdf');
    const ids = [c.open, c.paused, c.archived, c.planPaused, c.draft].map((x) => x.id);
    const r = await runCli(['print', ...ids, '--size', '30mm', '-O', out], { emu, configDir: tmp() });
    expect(r.exitCode, r.stderr).toBe(7);
    expect(r.stderr).toContain('3 codes left out');
    // Each line names the id, the short code and the name (issue 35).
    expect(r.stderr).toContain(
      `failed  ${c.paused.id} (${c.paused.shortCode}, "state 2"): will not open (status paused)`,
    );
    expect(r.stderr).toContain(
      `${c.archived.id} (${c.archived.shortCode}, "state 3"): will not open (status archived)`,
    );
    expect(r.stderr).toContain(
      `${c.planPaused.id} (${c.planPaused.shortCode}, "state 4"): will not open (paused: the plan no longer covers it)`,
    );
    expect(r.stderr).toContain('--include-inactive');
    expect((await PDFDocument.load(readFileSync(out))).getPageCount()).toBe(2); // the open code and the draft
  });

  it('--include-inactive places them, with a warning naming them; exit 0', async () => {
    const c = await codesInEveryState();
    const out = join(tmp(), 'all.pdf');
    const ids = [c.open, c.paused, c.archived].map((x) => x.id);
    const r = await runCli(['print', ...ids, '--size', '30mm', '-O', out, '--include-inactive', '-q'], {
      emu,
      configDir: tmp(),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: 2 placed codes will not open \(--include-inactive\)/);
    expect((await PDFDocument.load(readFileSync(out))).getPageCount()).toBe(3);
  });

  it('every code closed: no PDF at all, exit 7', async () => {
    const c = await codesInEveryState();
    const out = join(tmp(), 'none.pdf');
    const r = await runCli(['print', c.paused.id, c.archived.id, '--size', '30mm', '-O', out], {
      emu,
      configDir: tmp(),
    });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain('no code could be placed; no PDF written');
    expect(existsSync(out)).toBe(false);
  });
});

describe('image: codes that will not open', () => {
  it('are saved, each with a warning (the file may be for an archive); open codes without one', async () => {
    const c = await codesInEveryState();
    const dir = tmp();
    const ids = [c.open, c.paused, c.archived, c.planPaused].map((x) => x.id);
    const r = await runCli(['image', ...ids, '-d', dir], { emu, configDir: tmp() });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
    expect(r.stderr).toContain(`warning: ${c.paused.id} will not open (status paused); saved anyway`);
    expect(r.stderr).toContain(`warning: ${c.archived.id} will not open (status archived); saved anyway`);
    expect(r.stderr).toContain(`warning: ${c.planPaused.id} will not open (paused: the plan no longer covers it)`);
    expect(r.stderr).not.toContain(c.open.id);
    // One id to a file, and to stdout: the same word.
    const one = await runCli(['image', c.archived.id, '-O', join(dir, 'one.png')], { emu, configDir: tmp() });
    expect([one.exitCode, one.stderr]).toEqual([0, expect.stringContaining('will not open (status archived)')]);
    const piped = await runCli(['image', c.paused.id, '-O', '-'], { emu, configDir: tmp() });
    expect([piped.exitCode, piped.stderr]).toEqual([0, expect.stringContaining('will not open (status paused)')]);
  });
});

// print --verify-links (issue 35): the API does not say whether a draft was ever published, and a draft
// set back from published does not open (423). One HEAD per code to its public link, redirects not
// followed, tells: a link that does not open is left out with its short code and name (exit 7).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { createQrCodes, KEY, tmp, usePrintEmulator } from './_support.js';

const emu = usePrintEmulator();

async function drafts() {
  const [open, wasPublished, neverPublished] = await createQrCodes(emu, 3, 'links');
  // Published, then set back to draft through the API: its link answers 423.
  const res = await fetch(`${emu.baseUrl}/qr-codes/${wasPublished.id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'draft' }),
  });
  expect(res.status).toBe(200);
  const never = emu.store.qrCode('acc_print', neverPublished.id)!;
  never.status = 'draft';
  never.everPublished = false; // a draft never published opens as a preview
  return { open, wasPublished, neverPublished };
}

describe('print --verify-links', () => {
  it('without it, a draft that was published before is placed: the API cannot tell (exit 0)', async () => {
    const c = await drafts();
    const out = join(tmp(), 'plain.pdf');
    const r = await runCli(['print', c.open.id, c.wasPublished.id, '--size', '30mm', '-O', out, '-q'], {
      emu,
      configDir: tmp(),
    });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
  });

  it('with it, a link answering 423 is left out naming its short code and name (exit 7); HEAD counts no scan', async () => {
    const c = await drafts();
    const scans = emu.store.scans.length;
    const out = join(tmp(), 'checked.pdf');
    const ids = [c.open, c.wasPublished, c.neverPublished].map((x) => x.id);
    const r = await runCli(['print', ...ids, '--size', '30mm', '-O', out, '--verify-links'], {
      emu,
      configDir: tmp(),
    });
    expect(r.exitCode, r.stderr).toBe(7);
    expect(r.stderr).toContain('1 code left out');
    expect(r.stderr).toContain(
      `failed  ${c.wasPublished.id} (${c.wasPublished.shortCode}, "links 2"): will not open (its link ${c.wasPublished.url} answers 423 (not active: paused, or a draft that was published before)); left off the sheet`,
    );
    expect(r.stderr).not.toContain(c.neverPublished.id); // a never-published draft opens as a preview
    expect((await PDFDocument.load(readFileSync(out))).getPageCount()).toBe(2);
    expect(emu.store.scans.length).toBe(scans);
  });

  it('with --include-inactive the closed link is placed with a warning; a link of a deleted code answers 410', async () => {
    const c = await drafts();
    const out = join(tmp(), 'all.pdf');
    const r = await runCli(
      ['print', c.open.id, c.wasPublished.id, '--size', '30mm', '-O', out, '--verify-links', '--include-inactive'],
      { emu, configDir: tmp() },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: 1 placed code will not open (--include-inactive)');
    const head = await fetch(c.open.url, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(302);
    await fetch(`${emu.baseUrl}/qr-codes/${c.open.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect((await fetch(c.open.url, { method: 'HEAD', redirect: 'manual' })).status).toBe(410);
  });

  it('--help says a check may count as a scan and that it is off by default', async () => {
    const r = await runCli(['print', '--help'], { emu });
    expect(r.stdout).toMatch(/--verify-links[\s\S]*may count a check as a scan[\s\S]*Off by default/);
  });
});

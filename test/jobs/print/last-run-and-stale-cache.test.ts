// print audit/retarget `last` when two runs share a second (ordered by their start, not by the random
// suffix of their ids), and a cached image whose code's URL changed since (drawn anew, never reused).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { createQrCodes, tmp, usePrintEmulator } from './_support.js';

const emu = usePrintEmulator();
const imagesOf = (id: string) => emu.requests({ path: new RegExp(`/qr-codes/${id}/image$`) }).length;

describe('print audit last: runs that share a second', () => {
  it.each([
    ['the later start has the smaller suffix', ['ffffff', '000000']],
    ['the later start has the larger suffix', ['000000', 'ffffff']],
  ])('%s: the later run is "last"', async (_name, [early, late]) => {
    const [a, b] = await createQrCodes(emu, 2, 'runs');
    const config = tmp();
    const r1 = await runCli(['print', a.id, '--sheet', 'L7163', '-O', join(tmp(), 'a.pdf')], {
      emu,
      configDir: config,
    });
    const r2 = await runCli(['print', b.id, '--sheet', 'L7163', '-O', join(tmp(), 'b.pdf')], {
      emu,
      configDir: config,
    });
    expect([r1.exitCode, r2.exitCode]).toEqual([0, 0]);
    const dir = join(config, 'print-runs');
    const names = readdirSync(dir).sort();
    // Rewritten as two runs of one second: the one of code `a` started at .100, the one of `b` at .900.
    const byCode = new Map(
      names.map((n) => [
        readFileSync(join(dir, n), 'utf8').includes(a.id) ? 'a' : 'b',
        readFileSync(join(dir, n), 'utf8'),
      ]),
    );
    const put = (text: string, suffix: string, ms: string) => {
      const run = `run_20260301T120000Z_${suffix}`;
      const lines = text.trim().split('\n');
      const head = { ...JSON.parse(lines[0]), run, createdAt: `2026-03-01T12:00:00.${ms}Z` };
      writeFileSync(join(dir, `${run}.ndjson`), [JSON.stringify(head), ...lines.slice(1)].join('\n') + '\n');
    };
    for (const n of names) rmSync(join(dir, n));
    put(byCode.get('a')!, early, '100');
    put(byCode.get('b')!, late, '900');
    const audit = await runCli(['print', 'audit', 'last'], { emu, configDir: config });
    expect(audit.exitCode, audit.stderr).toBe(0);
    expect(audit.stderr).toMatch(new RegExp(`checked 1 codes? of run_20260301T120000Z_${late}`));
  });
});

describe('print: a cached image made for another URL', () => {
  it('the code got a new short link since: its image is fetched again and the new URL printed', async () => {
    const [code] = await createQrCodes(emu, 1, 'moved');
    const out = join(tmp(), 'p.pdf');
    // An unknown id makes the run partial (exit 7): the cache is kept for the next run.
    const args = ['print', code.id, 'qr_nope', '--sheet', 'L7163', '-O', out];
    expect((await runCli(args, { emu, configDir: tmp() })).exitCode).toBe(7);
    expect(imagesOf(code.id)).toBe(1);
    emu.store.qrCodes.find((q) => q.id === code.id)!.shortCode = 'movedcode1';
    const config = tmp();
    const r = await runCli([...args, '--force'], { emu, configDir: config });
    expect(r.exitCode, r.stderr).toBe(7);
    expect(imagesOf(code.id)).toBe(2); // not served from the cache
    const [ledger] = readdirSync(join(config, 'print-runs'));
    const line = readFileSync(join(config, 'print-runs', ledger), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string; url?: string })
      .find((l) => l.type === 'code');
    expect(line?.url).toMatch(/movedcode1$/);
  });

  it('the URL unchanged: the cached image is used (no second download)', async () => {
    const [code] = await createQrCodes(emu, 1, 'same');
    const out = join(tmp(), 'p.pdf');
    const args = ['print', code.id, 'qr_nope', '--sheet', 'L7163', '-O', out];
    expect((await runCli(args, { emu, configDir: tmp() })).exitCode).toBe(7);
    expect((await runCli([...args, '--force'], { emu, configDir: tmp() })).exitCode).toBe(7);
    expect(imagesOf(code.id)).toBe(1);
  });
});

// Fault matrix for every read path: cards, QR codes and leads listed with --all across several pages,
// and images saved to disk. A fault on a page (or an image) once: the output is exactly the fault-free
// output, no duplicate, no gap. On every attempt: the documented exit status, a clear error, and what was
// printed before the failure is a clean prefix (no duplicate); no image file is ever half-written.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FaultKind } from '../../src/emulator/index.js';
import { serializeCard, serializeQrCode } from '../../src/emulator/serialize.js';
import { until } from '../jobs/import/_files.js';
import { useEmulator } from '../helpers/emulator.js';
import { decodeImage } from '../helpers/qr-decode.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { addCards, addLeads, addQrCodes } from '../helpers/records.js';
import { countedFaults, expectNoStack, pass, settle, useCounters } from './_support.js';

useCounters('faults-reads');
const emu = useEmulator();
const faults = countedFaults(emu);

interface ListPath {
  name: string;
  path: string;
  args: string[];
  setup: () => void;
  /** Ids the list must show, from the store (order aside). */
  expected: () => string[];
}

const LISTS: ListPath[] = [
  {
    name: 'cards list --all',
    path: '/cards',
    args: ['cards', 'list', '--all'],
    setup: () => void addCards(emu, 230),
    expected: () =>
      emu.store
        .cardsOf('acc_acme')
        .filter((c) => c.status !== 'archived')
        .map((c) => c.id),
  },
  {
    name: 'qr list --all',
    path: '/qr-codes',
    args: ['qr', 'list', '--all'],
    setup: () => void addQrCodes(emu, 230),
    expected: () =>
      emu.store
        .qrCodesOf('acc_acme')
        .filter((q) => q.status !== 'archived')
        .map((q) => q.id),
  },
  {
    name: 'leads list --all',
    path: '/leads',
    args: ['leads', 'list', '--all'],
    setup: () => void addLeads(emu, 230),
    expected: () =>
      emu.store
        .leadsOf('acc_acme')
        .filter((l) => !l.archived)
        .map((l) => l.id),
  },
];

const ids = (stdout: string): string[] =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: string }).id);
const FAULTS: FaultKind[] = ['500', 'malformed_500', '429', 'in_flight', 'drop_before', 'drop_after', 'slow'];
const EVERY: Array<[FaultKind, number]> = [
  ['500', 1],
  ['malformed_500', 1],
  ['429', 6],
  ['in_flight', 6],
  ['drop_before', 6],
  ['drop_after', 6],
  ['slow', 6],
];
const slowOpts = (kind: FaultKind) => (kind === 'slow' ? { delayMs: 400 } : {});
const timeoutFor = (kind: FaultKind) => (kind === 'slow' ? ['--timeout', '0.1'] : []);

describe.each(LISTS)('$name', (l) => {
  async function baseline(): Promise<string[]> {
    const r = await runCli([...l.args, '-o', 'ndjson'], { emu });
    expect(r.exitCode).toBe(0);
    const got = ids(r.stdout);
    expect(new Set(got).size).toBe(got.length);
    expect([...got].sort()).toEqual(l.expected().sort());
    expect(got.length).toBeGreaterThan(200); // three pages of 100
    emu.clearRequests();
    return got;
  }

  it.each(FAULTS)('%s on page 2 once: exactly the fault-free list, in order', async (kind) => {
    l.setup();
    const want = await baseline();
    faults.inject([pass(1, 'GET', l.path), { kind, method: 'GET', path: l.path, ...slowOpts(kind) }]);
    const r = await runCli([...l.args, '-o', 'ndjson', ...timeoutFor(kind)], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(faults.delivered()).toBe(1);
    expect(ids(r.stdout)).toEqual(want);
    await settle(() => emu.requests({ method: 'GET', path: l.path }).length >= 4); // a slow answer is logged when it ends
    const offsets = emu
      .requests({ method: 'GET', path: l.path })
      .map((q) => q.query.offset)
      .sort();
    expect(offsets).toEqual(['0', '100', '100', '200']); // page 2 asked again, nothing skipped
  });

  it.each(EVERY)('%s on every attempt at page 2: exit %i, a clean first page, a clear error', async (kind, exit) => {
    l.setup();
    const want = await baseline();
    faults.inject([pass(1, 'GET', l.path), { kind, method: 'GET', path: l.path, times: 3, ...slowOpts(kind) }]);
    const r = await runCli([...l.args, '-o', 'ndjson', '--max-retries', '2', ...timeoutFor(kind)], { emu });
    expect(r.exitCode).toBe(exit);
    expect(faults.delivered()).toBe(3);
    expect(ids(r.stdout)).toEqual(want.slice(0, 100));
    expect(r.stderr).toMatch(/^error: /m);
    expectNoStack(r.stderr);
  });

  it('records added while paging: no duplicate, no gap of what existed at the start', async () => {
    l.setup();
    const before = l.expected();
    const added = until(() => emu.requests({ method: 'GET', path: l.path }).length >= 1).then(() => {
      if (l.path === '/cards') addCards(emu, 7, 'late');
      else if (l.path === '/qr-codes') addQrCodes(emu, 7, 'lateqr');
      else addLeads(emu, 7, 'late', 1);
    });
    const r = await runCli([...l.args, '-o', 'ndjson'], { emu });
    await added;
    expect(r.exitCode).toBe(0);
    const got = ids(r.stdout);
    expect(new Set(got).size).toBe(got.length);
    for (const id of before) expect(got).toContain(id);
  });
});

describe('image -d dir (batch)', () => {
  const IDS = ['crd_amelie', 'qr_roboconf', 'crd_zoe'];
  const FAULTED = '/qr-codes/qr_roboconf/image';
  const urlOf = (id: string) => {
    const qr = emu.store.qrCode('acc_acme', id);
    return qr ? serializeQrCode(emu.store, qr).url : serializeCard(emu.store, emu.store.card('acc_acme', id)!).url;
  };
  const NAMES: Record<string, string> = {
    crd_amelie: 'amelie-laurent.png',
    qr_roboconf: 'roboconf26.png',
    crd_zoe: 'zoe-muller.png',
  };

  /** Every file in dir is a complete image of the right object; no temporary file is left. */
  async function expectComplete(dir: string, ids: string[]): Promise<void> {
    expect(readdirSync(dir).sort()).toEqual(ids.map((id) => NAMES[id]).sort());
    for (const id of ids) expect(await decodeImage('png', readFileSync(join(dir, NAMES[id])))).toBe(urlOf(id));
  }

  it.each(FAULTS)('%s once on one image: every image saved complete, exit 0', async (kind) => {
    const dir = tempDir();
    faults.inject([{ kind, method: 'GET', path: FAULTED, ...slowOpts(kind) }]);
    const r = await runCli(['image', ...IDS, '-d', dir, ...timeoutFor(kind)], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(faults.delivered()).toBe(1);
    await expectComplete(dir, IDS);
  });

  it.each(EVERY)('%s on every attempt for one image: exit %s; the re-run completes the set', async (kind) => {
    const dir = tempDir();
    faults.inject([{ kind, method: 'GET', path: FAULTED, times: 3, ...slowOpts(kind) }]);
    const r = await runCli(['image', ...IDS, '-d', dir, '--max-retries', '2', ...timeoutFor(kind)], { emu });
    expectNoStack(r.stderr);
    if (kind === '500' || kind === 'malformed_500') {
      // A server error on one id: the batch goes on, and says which id failed.
      expect(r.exitCode).toBe(7);
      expect(r.stderr).toMatch(/failed\s+qr_roboconf: /);
      await expectComplete(dir, ['crd_amelie', 'crd_zoe']);
    } else {
      // Could not get through: every later id would fail the same way, so the batch stops.
      expect(r.exitCode).toBe(6);
      expect(r.stderr).toMatch(/^stopped: /m);
      await expectComplete(dir, ['crd_amelie']);
    }
    const again = await runCli(['image', ...IDS, '-d', dir], { emu });
    expect(again.exitCode, again.stderr).toBe(0);
    await expectComplete(dir, IDS);
    // The complete files of the first run were kept (skipped, never overwritten).
    expect(again.stderr).toMatch(/skipped/);
  });

  it('-O file: a fault on every attempt leaves no file at all', async () => {
    const dir = tempDir();
    faults.inject([{ kind: 'drop_after', method: 'GET', path: FAULTED, times: 3 }]);
    const r = await runCli(['image', 'qr_roboconf', '-O', join(dir, 'booth.png'), '--max-retries', '2'], { emu });
    expect(r.exitCode).toBe(6);
    expect(readdirSync(dir)).toEqual([]);
    const again = await runCli(['image', 'qr_roboconf', '-O', join(dir, 'booth.png')], { emu });
    expect(again.exitCode).toBe(0);
    expect(await decodeImage('png', readFileSync(join(dir, 'booth.png')))).toBe(urlOf('qr_roboconf'));
  });
});

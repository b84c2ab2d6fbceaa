// Interruption: the built cardqr is killed at seeded random points (kill -9, Ctrl-C, Ctrl-C twice) while it
// imports, saves an image batch, or exports leads; then the documented way on (`--resume` for the import,
// re-running for images and exports) must end in an exact state: every row created once, every image
// complete and no temporary file, every lead exported at least once (a lead twice only when the run that
// first delivered it died before saving its state: the documented crash window).
// Kill points are taken from the emulator's request log (this process serves the child), so they land
// between and during requests, while a response is on its way and while a file is being written.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serializeCard, serializeQrCode } from '../../src/emulator/serialize.js';
import { partnersCsv, readReportLines, writeCsv } from '../jobs/import/_files.js';
import { seededRandom, useEmulator } from '../helpers/emulator.js';
import { ensureFreshBuild, spawnCli, type SpawnedCli } from '../helpers/built-cli.js';
import { decodeImage } from '../helpers/qr-decode.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { addLeads } from '../helpers/records.js';
import { liveCards, useCounters } from './_support.js';

const counts = useCounters('interrupt');
let onLog: ((line: string) => void) | undefined;
// No pacing; a little latency so a kill can land while a request is in flight.
const emu = useEmulator({ rateLimit: 1_000_000, latencyMs: 4, log: (line) => onLog?.(line) });
beforeAll(() => ensureFreshBuild(), 180_000);

const SEEDS = [11, 23, 37];
type Mode = 'SIGKILL' | 'SIGINT' | 'SIGINT twice';
const MODES: Mode[] = ['SIGKILL', 'SIGINT', 'SIGINT twice'];
const CASES = SEEDS.flatMap((seed) => MODES.map((mode) => ({ seed, mode })));
// The child: its own config directory, no colour, no stdin (as the old reliability spawner did).
const spawnOptions = () => ({
  env: { CARDQR_CONFIG_DIR: tempDir(), NO_COLOR: '1', CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full },
  stdin: null,
});

function interrupt(child: SpawnedCli, mode: Mode): void {
  if (mode === 'SIGKILL') child.child.kill('SIGKILL');
  else {
    child.child.kill('SIGINT');
    if (mode === 'SIGINT twice') setTimeout(() => child.child.kill('SIGINT'), 1);
  }
}

/**
 * Runs the child and interrupts it `delay` ms after the emulator answered its `nth` request matching
 * `re`. Returns whether the interruption landed (false when the child had already finished).
 */
async function runAndInterrupt(
  args: string[],
  mode: Mode,
  re: RegExp,
  nth: number,
  delay: number,
): Promise<{ child: SpawnedCli; result: number | NodeJS.Signals; landed: boolean }> {
  const child = spawnCli(args, spawnOptions());
  let seen = 0;
  let sent = false;
  onLog = (line) => {
    if (!re.test(line) || ++seen !== nth) return;
    setTimeout(() => {
      if (child.child.exitCode !== null || child.child.signalCode !== null) return;
      sent = true;
      interrupt(child, mode);
    }, delay);
  };
  const result = await child.exit;
  onLog = undefined;
  // Landed: the signal reached a running process. After Ctrl-C a run may still end 0 (it finishes the work
  // in flight, and that was the last of it).
  const landed = sent;
  if (landed) {
    if (mode === 'SIGKILL') expect(result).toBe('SIGKILL');
    // 130 from the handler; death by SIGINT itself (the shell also says 130) when it lands while node is still
    // loading the CLI or already tearing down after its last write.
    else expect([0, 130, 'SIGINT']).toContain(result);
    expect(child.stderr()).not.toMatch(/\n\s+at /);
  }
  return { child, result, landed };
}

describe('campaigns import: interrupted at random points, then --resume', () => {
  const ROWS = 24;
  const POST = /^POST \/v1\/campaigns\/cmp_native\/cards /;
  const perId = () =>
    Array.from(
      { length: ROWS },
      (_, i) =>
        liveCards(emu, (c) => c.campaignId === 'cmp_native' && c.externalId === `P-${String(i + 1).padStart(4, '0')}`)
          .length,
    );

  it.each(CASES)('seed $seed, $mode: every row created exactly once', async ({ seed, mode }) => {
    emu.store.account('acc_acme')!.cardAllowance = 1000;
    const random = seededRandom(seed);
    const dir = tempDir('cardqr-int-');
    const file = writeCsv('people.csv', partnersCsv(ROWS), dir);
    const report = `${file}.report.ndjson`;
    let landed = 0;
    for (let round = 0; round < 2; round++) {
      const done = existsSync(report)
        ? readReportLines(report)
            .slice(1)
            .filter((l) => l.outcome === 'created' || l.outcome === 'exists').length
        : 0;
      const left = ROWS - done;
      if (left < 2) break;
      const nth = 1 + Math.floor(random() * (left - 1));
      const run = await runAndInterrupt(
        ['campaigns', 'import', 'cmp_native', file, ...(round ? ['--resume'] : [])],
        mode,
        POST,
        nth,
        Math.floor(random() * 12),
      );
      if (!run.landed) continue;
      landed++;
      if (mode === 'SIGINT' && run.result !== 0) {
        // Ctrl-C once: the request in flight is finished and recorded, and the way on is printed.
        expect(run.result).toBe(130);
        expect(run.child.stderr()).toMatch(/to resume: cardqr campaigns import cmp_native \S+ --resume/);
      }
    }
    expect(landed).toBeGreaterThan(0);
    const resumed = await runCli(['campaigns', 'import', 'cmp_native', file, '--resume'], { emu });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(perId()).toEqual(Array(ROWS).fill(1));
    const rows = readReportLines(report).slice(1);
    const doneLines = rows.filter((l) => l.outcome === 'created' || l.outcome === 'exists').map((l) => l.line);
    expect([...new Set(doneLines)].sort((a, b) => a - b)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 2));
    expect(existsSync(`${report}.lock`)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['people.csv', 'people.csv.report.ndjson']);
    counts.interruptions += landed;
  });
});

describe('image -d dir: interrupted at random points, then run again', () => {
  const IDS = [
    'crd_amelie',
    'crd_kenji',
    'crd_zoe',
    'crd_jose',
    'crd_ngozi',
    'qr_roboconf',
    'qr_support',
    'qr_careers',
    'qr_gs1',
    'qr_spec_sheet',
  ];
  const IMAGE = /^GET \/v1\/qr-codes\/[^/]+\/image/;
  const urlOf = (id: string) => {
    const qr = emu.store.qrCode('acc_acme', id);
    return qr ? serializeQrCode(emu.store, qr).url : serializeCard(emu.store, emu.store.card('acc_acme', id)!).url;
  };
  const nameOf = (id: string) =>
    `${(emu.store.qrCode('acc_acme', id) ?? emu.store.card('acc_acme', id))!.shortCode}.png`;

  /** Every file under its final name is a complete image of its object. */
  async function expectCompleteFiles(dir: string): Promise<void> {
    for (const name of readdirSync(dir).filter((n) => !n.startsWith('.'))) {
      const id = IDS.find((i) => nameOf(i) === name);
      expect(id, `unexpected file ${name}`).toBeDefined();
      expect(await decodeImage('png', readFileSync(join(dir, name))), name).toBe(urlOf(id!));
    }
  }

  it.each(CASES)(
    'seed $seed, $mode: every image complete, none half-written, no temporary file',
    async ({ seed, mode }) => {
      const random = seededRandom(seed);
      const dir = tempDir('cardqr-int-img-');
      const args = ['image', ...IDS, '-d', dir];
      let landed = 0;
      for (let round = 0; round < 2; round++) {
        const run = await runAndInterrupt(
          args,
          mode,
          IMAGE,
          1 + Math.floor(random() * (IDS.length - 1)),
          Math.floor(random() * 20),
        );
        if (run.landed) landed++;
        await expectCompleteFiles(dir); // whatever the kill hit: a final name only ever holds a whole image
      }
      expect(landed).toBeGreaterThan(0);
      const again = await runCli(args, { emu });
      expect(again.exitCode, again.stderr).toBe(0);
      expect(readdirSync(dir).sort()).toEqual(IDS.map(nameOf).sort()); // and nothing else: no .tmp left
      await expectCompleteFiles(dir);
      counts.interruptions += landed;
    },
  );
});

describe('leads export: interrupted at random points, then run again (cron)', () => {
  const PAGE = /^GET \/v1\/leads\?/;

  it.each(CASES)(
    'seed $seed, $mode: every lead exported at least once, a repeat only from a run killed before saving its state',
    async ({ seed, mode }) => {
      const random = seededRandom(seed);
      addLeads(emu, 450, 'int', 30_000);
      const dir = tempDir('cardqr-int-exp-');
      const state = join(dir, 'leads.state.json');
      const delivered: Array<{ ids: string[]; killed: boolean }> = [];
      let landed = 0;
      for (let round = 0; round < 3; round++) {
        addLeads(emu, 40, `r${round}_`, 1); // new leads keep arriving between runs
        const out = join(dir, `leads-${round}.ndjson`);
        const run = await runAndInterrupt(
          ['leads', 'export', '--state', state, '--out', out],
          mode,
          PAGE,
          1 + Math.floor(random() * 3),
          Math.floor(random() * 25),
        );
        if (run.landed) landed++;
        // An output file exists only complete (it is renamed into place when whole).
        if (existsSync(out)) delivered.push({ ids: ndjsonIds(readFileSync(out, 'utf8')), killed: run.result !== 0 });
      }
      expect(landed).toBeGreaterThan(0);
      const last = join(dir, 'leads-final.ndjson');
      const final = await runCli(['leads', 'export', '--state', state, '--out', last], { emu });
      expect(final.exitCode, final.stderr).toBe(0);
      delivered.push({ ids: ndjsonIds(readFileSync(last, 'utf8')), killed: false });

      const all = emu.store.leadsOf('acc_acme').map((l) => l.id);
      const seen = new Map<string, number[]>();
      delivered.forEach((d, i) => {
        expect(new Set(d.ids).size).toBe(d.ids.length); // one file never repeats a lead
        for (const id of d.ids) seen.set(id, [...(seen.get(id) ?? []), i]);
      });
      expect([...seen.keys()].sort()).toEqual([...all].sort()); // none lost
      for (const [id, where] of seen) {
        // Delivered twice: every delivery but the last came from a run killed after its output was complete.
        for (const i of where.slice(0, -1)) expect(delivered[i].killed, `${id} repeated after a clean run`).toBe(true);
      }
      const nothing = await runCli(['leads', 'export', '--state', state], { emu });
      expect([nothing.exitCode, nothing.stdout]).toEqual([0, '']);
      expect(readdirSync(dir).filter((n) => !/^leads-(\d|final)\.ndjson$/.test(n))).toEqual(['leads.state.json']);
      counts.interruptions += landed;
    },
  );
});

function ndjsonIds(text: string): string[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: string }).id);
}

// The row engine called directly with a small job of its own (rename QR codes by id, then pause them),
// against the real emulator: the engine is not qr apply's; any job that plans rows and sends steps runs on it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import { updateQrCode } from '../../../src/api/qr.js';
import { runRowJob } from '../../../src/jobs/rows/engine.js';
import type { RowDeps, RowJob, RowPlan, StepContext } from '../../../src/jobs/rows/types.js';
import { useEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
const patches = () => emu.requests({ method: 'PATCH' });

/** Row per id: rename it (step 1), then pause it (step 2). `sending` runs before each step is sent. */
function renameJob(ids: string[], sending?: () => void): RowJob<null, RowPlan> {
  return {
    kind: 'test-rename',
    subjectField: 'id',
    reportFields: ['name'],
    read: async () => null,
    plan: async () => ({
      problems: [],
      changes: ids.map((id, i) => ({
        line: i + 2,
        subject: id,
        steps: [
          { action: 'rename', intent: { name: `Renamed ${i}` } },
          { action: 'pause', intent: { status: 'paused' } },
        ],
      })),
    }),
    send: async (step, { client, change, key }: StepContext) => {
      sending?.();
      const qr = await updateQrCode(client, change.subject, step.intent as { name?: string; status?: string }, {
        idempotencyKey: key,
      });
      return { outcome: step.action === 'rename' ? 'renamed' : 'paused', fields: { name: qr.name } };
    },
  };
}

function deps(more: Partial<RowDeps<RowPlan>> = {}) {
  const client = new ApiClient({
    baseUrl: emu.baseUrl,
    apiKey: emu.keys.full,
    userAgent: 'test',
    timeoutMs: 5000,
    maxRetries: 2,
    sleep: async (ms) => emu.advanceTime(ms),
    now: () => emu.now(),
  });
  const progress: string[] = [];
  const d: RowDeps<RowPlan> = {
    api: async () => client,
    baseUrl: async () => emu.baseUrl,
    now: () => new Date(emu.now()),
    version: '0.0.0-test',
    signal: new AbortController().signal,
    confirm: async () => true,
    onProgress: (p) => void progress.push(`${p.done}/${p.total}`),
    ...more,
  };
  return { d, progress, close: () => client.close() };
}

const rawLines = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
/** Headers and outcomes: each step's `sending` line (on disk before its request) left out. */
const readLines = (path: string) => rawLines(path).filter((l) => l.outcome !== 'sending');

describe('runRowJob', () => {
  it('sends every step in order, records each before the next, and sums up as data', async () => {
    const report = join(tempDir(), 'r.ndjson');
    const ids = ['qr_support', 'qr_promo'];
    const { d, progress, close } = deps();
    let recordedBeforeEach: number[] = [];
    const sendingAtSend: unknown[] = [];
    const job = renameJob(ids, () => {
      recordedBeforeEach.push(readLines(report).length - 1);
      sendingAtSend.push(rawLines(report).at(-1)?.outcome);
    });
    try {
      const s = await runRowJob(job, { file: 'f', report, dryRun: false }, d);
      expect(s).toMatchObject({ phase: 'sent', stopped: 'done', total: 4, sent: 4 });
      if (s.phase === 'sent') expect(s.tallies).toEqual({ renamed: 2, paused: 2 });
      expect(recordedBeforeEach).toEqual([0, 1, 2, 3]);
      // Each request leaves with its `sending` line already on disk (a kill then leaves it for the next run).
      expect(sendingAtSend).toEqual(['sending', 'sending', 'sending', 'sending']);
      expect(progress).toEqual(['0/4', '1/4', '2/4', '3/4', '4/4']);
      const lines = readLines(report);
      expect(lines[0]).toMatchObject({ type: 'header', job: 'test-rename', accountId: 'acc_acme' });
      expect(lines[1]).toEqual({
        line: 2,
        id: 'qr_support',
        action: 'rename',
        outcome: 'renamed',
        name: 'Renamed 0',
        errorCode: null,
        message: null,
      });
      for (const id of ids) expect(emu.store.qrCodes.find((q) => q.id === id)?.status).toBe('paused');
      // A second run of the same job: its own header, and keys no earlier run used.
      recordedBeforeEach = [];
      await runRowJob(renameJob(ids), { file: 'f', report, dryRun: false }, d);
      expect(readLines(report).filter((l) => l.type === 'header')).toHaveLength(2);
      const keys = patches().map((p) => p.headers['idempotency-key']);
      expect(new Set(keys).size).toBe(8);
    } finally {
      await close();
    }
  });

  it("a failed step ends its row (its later steps are not sent); the run goes on (the exit is the command's)", async () => {
    const report = join(tempDir(), 'r.ndjson');
    const { d, close } = deps();
    try {
      const s = await runRowJob(renameJob(['qr_nope', 'qr_support']), { file: 'f', report, dryRun: false }, d);
      expect(s).toMatchObject({ phase: 'sent', stopped: 'done', total: 4, sent: 3 });
      if (s.phase === 'sent')
        expect(s.failures).toEqual([
          expect.objectContaining({ line: 2, subject: 'qr_nope', action: 'rename', errorCode: 'resource_not_found' }),
        ]);
      expect(patches().map((p) => p.path)).toEqual([
        '/qr-codes/qr_nope',
        '/qr-codes/qr_support',
        '/qr-codes/qr_support',
      ]);
      expect(readLines(report)[1]).toMatchObject({ outcome: 'failed', name: null, errorCode: 'resource_not_found' });
    } finally {
      await close();
    }
  });

  it('Ctrl-C: the step in flight is recorded, no other starts; a refused plan or a dry run writes nothing; { noQuestion } goes on', async () => {
    const dir = tempDir();
    const stop = new AbortController();
    const { d, close } = deps({ signal: stop.signal });
    try {
      // Ctrl-C while the first request is on its way.
      const s = await runRowJob(
        renameJob(['qr_support'], () => stop.abort()),
        { file: 'f', report: join(dir, 'a.ndjson'), dryRun: false },
        d,
      );
      expect(s).toMatchObject({ phase: 'sent', stopped: 'interrupted', total: 2, sent: 1 });
      expect(patches()).toHaveLength(1);
      expect(readLines(join(dir, 'a.ndjson'))).toHaveLength(2);

      const go = { ...d, signal: new AbortController().signal };
      const job = renameJob(['qr_support']);
      const refused = await runRowJob(
        job,
        { file: 'f', report: join(dir, 'b.ndjson'), dryRun: false },
        { ...go, confirm: async () => false },
      );
      const dry = await runRowJob(job, { file: 'f', report: join(dir, 'c.ndjson'), dryRun: true }, go);
      expect([refused.phase, dry.phase]).toEqual(['refused', 'dry-run']);
      expect(patches()).toHaveLength(1);
      expect([existsSync(join(dir, 'b.ndjson')), existsSync(join(dir, 'c.ndjson'))]).toEqual([false, false]);

      // A run that needs no question says why, and goes on.
      const unasked = await runRowJob(
        job,
        { file: 'f', report: join(dir, 'd.ndjson'), dryRun: false },
        { ...go, confirm: { noQuestion: 'the test asks nothing' } },
      );
      expect(unasked).toMatchObject({ phase: 'sent', stopped: 'done', sent: 2 });
      expect(patches()).toHaveLength(3);
    } finally {
      await close();
    }
  });
});

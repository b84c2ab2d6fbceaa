// Deletes and status changes of many ids run on the row engine (jobs/by-id/): one Idempotency-Key per id
// and per run (a later run never replays an earlier one), retries of a dropped connection under that
// key, the append-only report of --report, the one progress line, and Ctrl-C: no request after the stop.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { addQrCodes } from '../helpers/records.js';
import { runCli, tempDir } from '../helpers/run-cli.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
/** The report's header and outcomes (each id's `sending` line, on disk before its request, left out). */
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.outcome !== 'sending');
const keysOf = (method: string) => emu.requests({ method }).map((r) => r.headers['idempotency-key'] ?? '(none)');
const status = (id: string) => emu.store.qrCode('acc_acme', id)?.status;

describe('qr pause|publish|archive of many ids', () => {
  it('one key per id and per run: pause → publish → pause really ends paused, each run with fresh keys', async () => {
    const ids = addQrCodes(emu, 3, 'many').map((q) => q.id);
    const runs: string[][] = [];
    for (const verb of ['pause', 'publish', 'pause']) {
      const before = keysOf('PATCH').length;
      const r = await runCli(['qr', verb, ...ids, '--yes', '-q'], { emu });
      expect(r.exitCode, r.stderr).toBe(0);
      runs.push(keysOf('PATCH').slice(before));
    }
    expect(ids.map(status)).toEqual(['paused', 'paused', 'paused']);
    const all = runs.flat();
    expect(all.every((k) => /^cqrow-[0-9a-f]{64}$/.test(k))).toBe(true);
    expect(new Set(all).size).toBe(9); // the third run shares no key with the first
  });

  it('--report: a header and one line per id, a failed id included; exit 7', async () => {
    const ids = addQrCodes(emu, 2, 'rep').map((q) => q.id);
    const report = join(tempDir(), 'pause.ndjson');
    const r = await runCli(['qr', 'archive', ids[0], 'qr_nope', ids[1], '--yes', '--report', report], { emu });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain('error: qr_nope: resource_not_found (404)');
    expect(r.stderr).toContain('1 of 3 archivings failed (2 archived)');
    const [header, ...rest] = lines(report);
    expect(header).toMatchObject({ type: 'header', job: 'qr-archive', accountId: null });
    expect(rest.map((l) => [l.id, l.action, l.outcome, l.errorCode])).toEqual([
      [ids[0], 'archive', 'archived', null],
      ['qr_nope', 'archive', 'failed', 'resource_not_found'],
      [ids[1], 'archive', 'archived', null],
    ]);
    expect(JSON.parse(r.stdout).map((q: { id: string }) => q.id)).toEqual(ids);
  });

  it('a connection dropped after the service paused a code: retried under the same key, paused once', async () => {
    const ids = addQrCodes(emu, 3, 'drop').map((q) => q.id);
    emu.injectFaults([{ method: 'PATCH', path: `/qr-codes/${ids[1]}`, kind: 'drop_after' }]);
    const r = await runCli(['qr', 'pause', ...ids, '--yes', '-q'], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    const second = emu.requests({ method: 'PATCH', path: `/qr-codes/${ids[1]}` });
    expect(second.length).toBe(2);
    expect(new Set(second.map((q) => q.headers['idempotency-key'])).size).toBe(1);
    expect(ids.map(status)).toEqual(['paused', 'paused', 'paused']);
  });

  it('Ctrl-C while a change is in flight: it finishes, no later request starts, exit 130', async () => {
    const ids = addQrCodes(emu, 5, 'int').map((q) => q.id);
    emu.injectFaults([{ method: 'PATCH', kind: 'slow', delayMs: 300 }]);
    let stop!: () => void;
    const interrupted = new Promise<void>((resolve) => (stop = resolve));
    const watch = setInterval(() => {
      if (emu.pendingFaults() === 0) stop();
    }, 1);
    const r = await runCli(['qr', 'archive', ...ids, '--yes'], { emu, interruptAfter: interrupted }).finally(() =>
      clearInterval(watch),
    );
    expect(r.exitCode).toBe(130);
    expect(r.stderr).toContain('interrupted: 1 of 5 ids done');
    expect(emu.requests({ method: 'PATCH' })).toHaveLength(1);
    expect(ids.map(status)).toEqual(['archived', 'published', 'published', 'published', 'published']);
  });
});

describe('the progress line', () => {
  it('a batch of more than 20 ids shows the one progress line of the row jobs on a terminal; a few ids do not', async () => {
    const many = addQrCodes(emu, 25, 'prog').map((q) => q.id);
    const r = await runCli(['qr', 'pause', ...many, '--yes', '-o', 'json'], { emu, tty: { stderr: true } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('pause: 25/25 ids · 25 paused');
    const few = await runCli(['qr', 'publish', ...many.slice(0, 3), '-o', 'json'], { emu, tty: { stderr: true } });
    expect(few.exitCode, few.stderr).toBe(0);
    expect(few.stderr).not.toContain('publish:');
  });
});

describe('cards and qr delete of many ids', () => {
  it('--report records each deletion; every DELETE carries its own key', async () => {
    const ids = addQrCodes(emu, 3, 'del').map((q) => q.id);
    const report = join(tempDir(), 'del.ndjson');
    const r = await runCli(['qr', 'delete', ...ids, '--yes', '--report', report], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    const [header, ...rest] = lines(report);
    expect(header).toMatchObject({ type: 'header', job: 'qr-delete' });
    expect(rest.map((l) => [l.id, l.outcome])).toEqual(ids.map((id) => [id, 'deleted']));
    expect(new Set(keysOf('DELETE')).size).toBe(3);
    expect(ids.map(status)).toEqual([undefined, undefined, undefined]);
  });

  it('a report that is another job’s is refused before anything is sent', async () => {
    const ids = addQrCodes(emu, 2, 'oth').map((q) => q.id);
    const report = join(tempDir(), 'other.ndjson');
    await runCli(['qr', 'pause', ...ids, '--yes', '-q', '--report', report], { emu });
    const before = emu.requests({ method: 'DELETE' }).length;
    const r = await runCli(['qr', 'delete', ...ids, '--yes', '--report', report], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/is not a cardqr qr-delete report/);
    expect(emu.requests({ method: 'DELETE' }).length).toBe(before);
  });
});

describe('one id is a batch of one on the same engine', () => {
  it('qr pause <id> --report: one line in the report; stdout is the record, as qr update --status prints it', async () => {
    const [id] = addQrCodes(emu, 1, 'one').map((q) => q.id);
    const report = join(tempDir(), 'one.ndjson');
    const r = await runCli(['qr', 'pause', id, '--report', report, '-o', 'json'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'paused' });
    const [header, ...rest] = lines(report);
    expect(header).toMatchObject({ type: 'header', job: 'qr-pause' });
    expect(rest.map((l) => [l.id, l.outcome])).toEqual([[id, 'paused']]);
  });

  it('cards delete <id> --yes --report: recorded; a missing id is the command’s own error (exit 4), recorded failed', async () => {
    const report = join(tempDir(), 'one-del.ndjson');
    const r = await runCli(['cards', 'delete', 'crd_jose', '--yes', '--report', report], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, 'deleted card crd_jose\n']);
    const missing = await runCli(['cards', 'delete', 'crd_nope', '--yes', '--report', report], { emu });
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toMatch(/^error: resource_not_found \(404\)/);
    expect(missing.stderr).not.toContain('deletions failed');
    expect(lines(report).map((l) => [l.type ?? l.id, l.outcome])).toEqual([
      ['header', undefined],
      ['crd_jose', 'deleted'],
      ['header', undefined],
      ['crd_nope', 'failed'],
    ]);
  });
});

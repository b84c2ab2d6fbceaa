import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli, tempDir } from '../../helpers/run-cli.js';
import { fairRows, mismatches, writeApplyCsv, writes } from './_apply.js';

const emu = useEmulator({ rateLimit: 1_000_000 });

/** The report's headers and outcomes (each step's `sending` line, written before its request, left out). */
const reportLines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.outcome !== 'sending');

describe('cardqr qr apply', () => {
  it('creates and updates in file order, asks for --yes off a terminal, and a second run writes nothing', async () => {
    const dir = tempDir();
    const rows = [
      ...fairRows(6),
      { shortCode: 'acme-support', destinationUrl: 'https://help.acme.example/new' },
      { shortCode: 'acme-menu-x', name: 'Only name, "quoted"', destinationUrl: 'https://x.example/m' },
    ];
    const file = writeApplyCsv(dir, rows);

    const plan = await runCli(['qr', 'apply', file, '-o', 'json', '--dry-run'], { emu });
    expect(plan.exitCode).toBe(0);
    expect(writes(emu)).toEqual([]);
    const data = json(plan) as {
      create: number;
      update: number;
      untouched: number;
      rows: Array<Record<string, unknown>>;
    };
    expect([data.create, data.update]).toEqual([7, 1]);
    // Every other code of the account (archived ones too) is counted, and left as it is.
    const others = emu.store.qrCodes.filter((q) => q.accountId === 'acc_acme' && q.shortCode !== 'acme-support');
    const othersBefore = JSON.stringify(others);
    expect(others.some((q) => q.status === 'archived')).toBe(true);
    expect(data.untouched).toBe(others.length);
    expect(data.rows.find((r) => r.shortCode === 'acme-support')).toMatchObject({
      line: 8,
      action: 'update',
      changes: [{ property: 'destinationUrl', from: expect.any(String), to: 'https://help.acme.example/new' }],
    });
    expect(plan.stderr).toContain('plan for');

    const refused = await runCli(['qr', 'apply', file], { emu });
    expect([refused.exitCode, refused.stderr]).toEqual([
      2,
      expect.stringContaining(
        'the plan changes where 1 existing code leads (destination or status): refusing without a terminal to ask on; nothing was sent',
      ),
    ]);
    expect(refused.stderr).toContain('--yes');
    expect(refused.stderr).toContain('create 7, update 1');
    expect(writes(emu)).toEqual([]);

    const applied = await runCli(['qr', 'apply', file, '--yes'], { emu });
    expect([applied.exitCode, applied.stderr]).toEqual([0, expect.stringContaining('created')]);
    expect(mismatches(emu, rows.slice(0, 6))).toEqual([]);
    expect(emu.store.qrCodes.find((q) => q.shortCode === 'acme-support')?.destinationUrl).toBe(
      'https://help.acme.example/new',
    );
    // paused and archived codes are created draft, then moved: two writes, each its own key.
    const posts = emu.requests().filter((r) => r.method === 'POST');
    expect(posts.map((r) => (r.body as { shortCode: string }).shortCode)).toEqual([
      ...rows.slice(0, 6).map((r) => r.shortCode),
      'acme-menu-x',
    ]);
    const keys = writes(emu).map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(keys.length);
    const report = reportLines(`${file}.report.ndjson`);
    expect(report[0]).toMatchObject({ type: 'header', job: 'qr-apply', accountId: 'acc_acme' });
    expect(report[1]).toEqual({
      line: 2,
      shortCode: 'fair-0000',
      action: 'create',
      outcome: 'created',
      qrCodeId: expect.stringMatching(/^qr_/),
      url: expect.any(String),
      errorCode: null,
      message: null,
    });

    expect(JSON.stringify(others)).toBe(othersBefore);
    const before = writes(emu).length;
    const again = await runCli(['qr', 'apply', file], { emu });
    expect([again.exitCode, again.stderr]).toEqual([0, expect.stringContaining('create 0, update 0, unchanged 8')]);
    expect(writes(emu).length).toBe(before);
  });

  it('a code moved A → B → A really moves back (a later run never replays an older key)', async () => {
    const dir = tempDir();
    const a = writeApplyCsv(dir, [{ shortCode: 'acme-support', destinationUrl: 'https://a.example/' }], 'a.csv');
    const b = writeApplyCsv(dir, [{ shortCode: 'acme-support', destinationUrl: 'https://b.example/' }], 'b.csv');
    for (const f of [a, b, a]) expect((await runCli(['qr', 'apply', f, '--yes'], { emu })).exitCode).toBe(0);
    expect(emu.store.qrCodes.find((q) => q.shortCode === 'acme-support')?.destinationUrl).toBe('https://a.example/');
    expect(reportLines(`${a}.report.ndjson`).filter((l) => l.type === 'header')).toHaveLength(2);
  });

  it('creations alone need no question; --dry-run sends no write', async () => {
    const dir = tempDir();
    const file = writeApplyCsv(dir, fairRows(3, 'new'));
    const dry = await runCli(['qr', 'apply', file, '--dry-run'], { emu });
    expect([dry.exitCode, writes(emu)]).toEqual([0, []]);
    const r = await runCli(['qr', 'apply', file], { emu });
    expect(r.exitCode).toBe(0);
    expect(mismatches(emu, fairRows(3, 'new'))).toEqual([]);
  });

  it('asks on a terminal, listing the codes that would lead elsewhere; "no" sends nothing (exit 2)', async () => {
    const dir = tempDir();
    const file = writeApplyCsv(dir, [{ shortCode: 'acme-support', status: 'paused' }]);
    const r = await runCli(['qr', 'apply', file], { emu, tty: true, answers: ['n'] });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/acme-support: update status "published" → "paused"/);
    expect(r.prompts[0]).toContain('Change where 1 existing code leads?');
    expect(writes(emu)).toEqual([]);
  });

  it('an invalid file: every problem with its line, exit 2, nothing sent', async () => {
    const dir = tempDir();
    const file = join(dir, 'bad.csv');
    writeFileSync(
      file,
      [
        'shortCode,name,destinationUrl,status,colour',
        'ok-1,Fine,https://x.example/1,published,',
        ',No code,https://x.example/2,,',
        'ok-1,Twice,https://x.example/3,,',
        'new-1,,not a url,lost,',
        'bad code!,X,https://x.example/4,,',
      ].join('\n'),
    );
    const r = await runCli(['qr', 'apply', file, '--yes'], { emu });
    expect(r.exitCode).toBe(2);
    for (const want of [
      'line 1: unknown column "colour"',
      'line 3: shortCode is empty',
      'line 4: shortCode "ok-1" is also on line 2',
      'line 5: destinationUrl "not a url" is not a full http(s) URL',
      'line 5: status "lost" is not one of',
      'line 5: name is empty: a new code (new-1) needs one',
      'line 6: shortCode "bad code!" may contain only letters',
    ])
      expect(r.stderr).toContain(want);
    expect(r.stderr).toContain('nothing was sent');
    const asJson = await runCli(['qr', 'apply', file, '-o', 'json'], { emu });
    expect(asJson.exitCode).toBe(2);
    expect(json(asJson)).toMatchObject({
      invalid: 7,
      problems: expect.arrayContaining([{ line: 3, message: expect.stringContaining('shortCode is empty') }]),
    });
    expect(writes(emu)).toEqual([]);
  });

  it('a file that cannot be read costs no request; a --report that is not a qr apply report is never touched', async () => {
    const dir = tempDir();
    const missing = await runCli(['qr', 'apply', join(dir, 'nope.csv')], { emu });
    expect([missing.exitCode, missing.stderr]).toEqual([2, expect.stringContaining('cannot read')]);
    expect(emu.requests()).toEqual([]);

    const file = writeApplyCsv(dir, fairRows(2, 'rep'));
    const other = join(dir, 'notes.ndjson');
    writeFileSync(other, '{"type":"something else"}\n');
    const r = await runCli(['qr', 'apply', file, '--report', other], { emu });
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringContaining('is not a cardqr qr-apply report')]);
    expect(readFileSync(other, 'utf8')).toBe('{"type":"something else"}\n');
    expect(writes(emu)).toEqual([]);
  });

  it('NDJSON: the same rows, read line by line; null or absent leaves a property as it is', async () => {
    const dir = tempDir();
    const file = join(dir, 'codes.ndjson');
    writeFileSync(
      file,
      [
        JSON.stringify({ shortCode: 'nd-1', name: 'Ndjson one', destinationUrl: 'https://n.example/1' }),
        '',
        JSON.stringify({ shortCode: 'acme-support', name: 'Support, renamed', destinationUrl: null }),
      ].join('\n'),
    );
    const r = await runCli(['qr', 'apply', file], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringContaining('create 1, update 1')]);
    const support = emu.store.qrCodes.find((q) => q.shortCode === 'acme-support')!;
    expect(support.name).toBe('Support, renamed');
    expect(writes(emu).map((w) => w.body)).toEqual([
      { shortCode: 'nd-1', name: 'Ndjson one', destinationUrl: 'https://n.example/1', status: 'published' },
      { name: 'Support, renamed' },
    ]);
  });

  it('an invalid NDJSON file: every line with its problem, exit 2, nothing sent', async () => {
    const file = join(tempDir(), 'bad.ndjson');
    writeFileSync(
      file,
      [
        '[1]',
        '{"shortCode": 5}',
        '{"shortCode":"nd-x","colour":"red","name":"X","destinationUrl":"https://x.example/"}',
        'not json',
        '{"shortCode":"nd-y"}',
      ].join('\n'),
    );
    const r = await runCli(['qr', 'apply', file, '--yes'], { emu });
    expect(r.exitCode).toBe(2);
    for (const want of [
      'line 1: not a JSON object',
      'line 2: shortCode must be a string or null',
      'line 3: unknown property "colour"',
      'line 4: not a JSON object',
      'line 5: name is empty: a new code (nd-y) needs one',
    ])
      expect(r.stderr).toContain(want);
    expect(writes(emu)).toEqual([]);
  });

  it('a short code held by something else fails that row only (exit 7); the rest is applied', async () => {
    const dir = tempDir();
    const taken = emu.store.cards[0].shortCode;
    const rows = [
      ...fairRows(2, 'ok'),
      { shortCode: taken, name: 'Mine?', destinationUrl: 'https://t.example/' },
      ...fairRows(2, 'late'),
    ];
    const file = writeApplyCsv(dir, rows);
    const r = await runCli(['qr', 'apply', file], { emu });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain(`line 4 ${taken}: create failed: invalid_request`);
    expect(mismatches(emu, [...fairRows(2, 'ok'), ...fairRows(2, 'late')])).toEqual([]);
    const failed = reportLines(`${file}.report.ndjson`).filter((l) => l.outcome === 'failed');
    expect(failed).toEqual([
      expect.objectContaining({ line: 4, shortCode: taken, action: 'create', errorCode: 'invalid_request' }),
    ]);
  });

  it("the plan's QR code limit stops the run (exit 3, no later write); once raised, the same command completes", async () => {
    const acme = emu.store.account('acc_acme')!;
    acme.qrAllowance = emu.store.qrCodesUsed('acc_acme') + 2;
    const rows = fairRows(4, 'lim').map((r) => ({ ...r, status: 'published' }));
    const file = writeApplyCsv(tempDir(), rows);
    const r = await runCli(['qr', 'apply', file], { emu });
    expect([r.exitCode, r.stderr]).toEqual([3, expect.stringContaining('3/4 writes: 2 created, 0 updated, 1 failed')]);
    expect(writes(emu)).toHaveLength(3);
    acme.qrAllowance += 10;
    expect((await runCli(['qr', 'apply', file], { emu })).exitCode).toBe(0);
    expect(mismatches(emu, rows)).toEqual([]);
  });

  it('Ctrl-C finishes the request in flight, starts no other (exit 130); the same command completes it', async () => {
    const dir = tempDir();
    const rows = fairRows(8, 'int');
    const file = writeApplyCsv(dir, rows);
    // The first POST is held 300 ms by the emulator; Ctrl-C comes as soon as it has arrived there.
    emu.injectFaults([{ method: 'POST', kind: 'slow', delayMs: 300 }]);
    let stop!: () => void;
    const interrupted = new Promise<void>((resolve) => (stop = resolve));
    const watch = setInterval(() => {
      if (emu.pendingFaults() === 0) stop();
    }, 1);
    const r = await runCli(['qr', 'apply', file], { emu, interruptAfter: interrupted }).finally(() =>
      clearInterval(watch),
    );
    expect([r.exitCode, r.stderr]).toEqual([130, expect.stringContaining('run the same command again')]);
    expect(writes(emu).map((w) => [w.method, w.status])).toEqual([['POST', 201]]);
    const recorded = reportLines(`${file}.report.ndjson`).filter((l) => l.type !== 'header');
    expect(recorded).toEqual([expect.objectContaining({ shortCode: 'int-0000', outcome: 'created' })]);
    const again = await runCli(['qr', 'apply', file, '--yes'], { emu });
    expect(again.exitCode).toBe(0);
    expect(mismatches(emu, rows)).toEqual([]);
  });
});

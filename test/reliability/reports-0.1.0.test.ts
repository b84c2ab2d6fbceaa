// Across the upgrade (issue 36): reports written by 0.1.0 (test/fixtures/reports-0.1.0/), each with one
// write whose answer was lost, continued by this version against the account that run left (the
// emulator's store, loaded from the fixture). A row left `unknown` is sent again with the very key 0.1.0
// sent it with, or settled by reading the account first; nothing is created twice.
import { copyFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/index.js';
import { seededRandom } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { rawReportLines } from '../jobs/import/_files.js';
import { keysSent, useCounters } from './_support.js';

const counts = useCounters('reports-0.1.0');
const FIXTURES = new URL('../fixtures/reports-0.1.0/', import.meta.url);

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

/** The fixture's files in a temp dir, its report pointed at this emulator (0.1.0 recorded its own port). */
async function restore(
  name: string,
): Promise<{ dir: string; emu: Emulator; sent: { key: string; subject: string | null }[] }> {
  const from = new URL(`${name}/`, FIXTURES);
  const dir = tempDir('cardqr-upgrade-');
  for (const f of readdirSync(from)) copyFileSync(new URL(f, from), join(dir, f));
  emu = await createEmulator({
    port: 0,
    statePath: join(dir, 'state.json'),
    random: seededRandom(7),
    rateLimit: 1_000_000,
  });
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.ndjson'))) {
    const text = readFileSync(join(dir, f), 'utf8').replace(
      /http:\/\/127\.0\.0\.1:44071/g,
      emu.baseUrl.replace(/\/v1$/, ''),
    );
    writeFileSync(join(dir, f), text);
  }
  const sent = (
    JSON.parse(readFileSync(join(dir, 'sent.json'), 'utf8')) as { requests: { key: string; subject: string | null }[] }
  ).requests;
  return { dir, emu, sent };
}

describe('a report of 0.1.0, continued by this version', () => {
  it('campaigns import --resume: the unknown row goes again under the key 0.1.0 sent it with; its card is there once', async () => {
    const { dir, emu, sent } = await restore('import-unknown');
    const lost = sent.find((s) => s.subject === 'P-9103')!.key;
    const before = emu.store.cards.filter((c) => c.externalId === 'P-9103').length;
    expect(before).toBe(1); // 0.1.0's request did create it: only the answer was lost
    const csv = join(dir, 'partners.csv');
    const r = await runCli(['campaigns', 'import', 'cmp_native', csv, '--resume'], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(keysSent(emu, 'POST', '/campaigns/cmp_native/cards')).toEqual([lost]);
    for (const id of ['P-9101', 'P-9102', 'P-9103', 'P-9104', 'P-9105'])
      expect(emu.store.cards.filter((c) => c.externalId === id && c.campaignId === 'cmp_native')).toHaveLength(1);
    const last = rawReportLines(`${csv}.report.ndjson`)
      .filter((l) => l.externalId === 'P-9103')
      .at(-1);
    expect(last).toMatchObject({ line: 4, outcome: 'created', status: 201 }); // the stored answer, replayed
    counts.unknownOutcomes++;
  });

  it('campaigns import --resume --update: the lost PATCH is settled by reading the card (no second write)', async () => {
    const { dir, emu, sent } = await restore('import-update-unknown');
    const csv = join(dir, 'update.csv');
    const r = await runCli(['campaigns', 'import', 'cmp_native', csv, '--resume', '--update', '--yes'], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    // Either nothing (the card shows the change) or the same key again: never a new one.
    const patches = keysSent(emu, 'PATCH', /^\/cards\//);
    expect(patches.every((k) => k === sent[0].key)).toBe(true);
    expect(keysSent(emu, 'POST', '/campaigns/cmp_native/cards')).toEqual([]);
    expect(emu.store.cards.find((c) => c.id === 'crd_chloe')!.fields.company).toBe('Robotique Nouvelle');
    expect(emu.store.cards.filter((c) => c.externalId === 'P-9201')).toHaveLength(1);
    counts.unknownOutcomes++;
  });

  it('qr apply: the unknown create is settled from the account; nothing is created again', async () => {
    const { dir, emu } = await restore('qr-apply-unknown');
    const csv = join(dir, 'codes.csv');
    const r = await runCli(['qr', 'apply', csv, '--yes'], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(keysSent(emu, 'POST', '/qr-codes')).toEqual([]);
    for (const code of ['lost-0000', 'lost-0001', 'lost-0002'])
      expect(emu.store.qrCodes.filter((q) => q.shortCode === code)).toHaveLength(1);
    const settled = rawReportLines(`${csv}.report.ndjson`)
      .filter((l) => l.shortCode === 'lost-0001')
      .at(-1);
    expect(settled).toMatchObject({ line: null, action: 'create', outcome: 'created', errorCode: null });
    expect(settled.message).toMatch(/^settled:/);
    counts.unknownOutcomes++;
  });

  it("qr pause --report: a report of 0.1.0 is this job's report; the run appends its own header", async () => {
    const { dir, emu } = await restore('qr-pause-unknown');
    const report = join(dir, 'pause.ndjson');
    const ids = ['qr_support', 'qr_roboconf', 'qr_careers'];
    const r = await runCli(['qr', 'pause', ...ids, '--yes', '--report', report], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(rawReportLines(report).filter((l) => l.type === 'header')).toHaveLength(2);
    for (const id of ids) expect(emu.store.qrCodes.find((q) => q.id === id)!.status).toBe('paused');
    counts.unknownOutcomes++;
  });

  it('print --from-report reads the cards of an import report and the codes of a qr apply report of 0.1.0', async () => {
    const { idsFromReport } = await import('../../src/commands/print/options.js');
    const cards = await idsFromReport(new URL('import-unknown/partners.csv.report.ndjson', FIXTURES).pathname);
    expect(cards).toEqual([
      'crd_w4FdyI8LrrNZKoUM',
      'crd_YaZqYU3UelhkOUST',
      'crd_M67Qg15qjyTeuiqi',
      'crd_dEe3pabmsgCKGHXz',
    ]);
    const codes = await idsFromReport(new URL('qr-apply-unknown/codes.csv.report.ndjson', FIXTURES).pathname);
    expect(codes).toEqual(['qr_UXUn22OkegtjZ9Na', 'qr_iaZVasEmoo20ewJc']);
  });
});

// "A 201 does not prove a person can open the record: check paused is false" (api-spec). The emulator's
// plan covers `coveredCards` cards (default: the whole allowance); a card created beyond them, within the
// allowance, comes back paused: true. The CLI warns about it (cards create, campaigns create-card, even
// with -q) and the import report records it per row.
import { describe, expect, it } from 'vitest';
import { parseSeed } from '../../src/emulator/seed.js';
import { defaultSeed } from '../../src/emulator/index.js';
import { call } from '../emulator/_util.js';
import { partnersCsv, readReportLines, writeCsv } from '../jobs/import/_files.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';

const emu = useEmulator();
const acme = () => emu.store.account('acc_acme')!;
const unpaused = () => emu.store.cardsOf('acc_acme').filter((c) => !c.paused).length;
/** The plan covers exactly the cards already open, plus `more`. */
const coverOnly = (more: number) => {
  acme().coveredCards = unpaused() + more;
};

describe("emulator: cards beyond the plan's covered count", () => {
  it('default (no coveredCards): every card within the allowance is open', async () => {
    expect(acme().coveredCards).toBeUndefined();
    const r = await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Open' } } });
    expect([r.status, r.body.paused]).toEqual([201, false]);
  });

  it('beyond coveredCards, within the allowance: 201 with paused: true, and its public page does not open', async () => {
    coverOnly(1);
    const first = await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Covered' } } });
    const second = await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Parked' } } });
    expect([first.status, first.body.paused, second.status, second.body.paused]).toEqual([201, false, 201, true]);
    expect((await call(emu, 'GET', `/cards/${second.body.id}`)).body.paused).toBe(true);
    const page = await fetch(second.body.url, { redirect: 'manual' });
    expect(page.status).toBe(423);
    expect((await fetch(first.body.url, { redirect: 'manual' })).status).toBe(200);
  });

  it('the allowance still caps creation: beyond it 403 limit_exhausted_cards, nothing created', async () => {
    coverOnly(0);
    acme().cardAllowance = emu.store.cardsUsed('acc_acme') + 1;
    expect((await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Last' } } })).body.paused).toBe(true);
    const refused = await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Over' } } });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'limit_exhausted_cards']);
  });

  it('campaign cards too, and a dry run creates nothing', async () => {
    coverOnly(0);
    const body = {
      externalId: 'P-5001',
      fields: { firstName: 'A', lastName: 'B', company: 'C', emails: [{ label: 'Work', value: 'a@example.com' }] },
    };
    const r = await call(emu, 'POST', '/campaigns/cmp_native/cards', { body });
    expect([r.status, r.body.paused, r.body.externalId]).toEqual([201, true, 'P-5001']);
  });

  it('control API: POST /_emulator/plan {plan, coveredCards} sets it; null gives the allowance back; a bad value is refused', async () => {
    const set = await call(emu, 'POST', '/_emulator/plan', { body: { plan: 'pro', coveredCards: 3 } });
    expect([set.status, set.body.account.coveredCards]).toEqual([200, 3]);
    expect((await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'X' } } })).body.paused).toBe(true);
    await call(emu, 'POST', '/_emulator/plan', { body: { plan: 'pro', coveredCards: null } });
    expect((await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Y' } } })).body.paused).toBe(false);
    const bad = await call(emu, 'POST', '/_emulator/plan', { body: { plan: 'pro', coveredCards: -1 } });
    expect([bad.status, bad.body.error.message]).toEqual([400, expect.stringMatching(/coveredCards/)]);
  });

  it('seed files: coveredCards per account (a whole number >= 0)', () => {
    const seed = defaultSeed();
    expect(
      parseSeed({ ...seed, accounts: [{ ...seed.accounts[0], coveredCards: 10 }, ...seed.accounts.slice(1)] })
        .accounts[0].coveredCards,
    ).toBe(10);
    expect(() => parseSeed({ ...seed, accounts: [{ ...seed.accounts[0], coveredCards: -2 }] })).toThrow(/coveredCards/);
  });
});

describe('the CLI says so', () => {
  it('cards create: exit 0, a warning naming the card and its URL (also with -q); -o json carries paused: true', async () => {
    coverOnly(0);
    const r = await runCli(['cards', 'create', '--field', 'firstName=Parked', '-o', 'json'], { emu });
    expect(r.exitCode).toBe(0);
    const card = JSON.parse(r.stdout);
    expect(card.paused).toBe(true);
    expect(r.stderr).toBe(
      `warning: card ${card.id} was created but is paused (paused: true): the plan does not cover it, so ${card.url} does not open\n`,
    );
    const quiet = await runCli(['cards', 'create', '--field', 'firstName=Quiet', '-q'], { emu });
    expect([quiet.exitCode, quiet.stdout]).toEqual([0, expect.stringMatching(/^crd_\w+\n$/)]);
    expect(quiet.stderr).toMatch(/^warning: card crd_\w+ was created but is paused/);
  });

  it('campaigns create-card: a warning too', async () => {
    coverOnly(0);
    const data = JSON.stringify({
      externalId: 'P-5002',
      fields: { firstName: 'A', lastName: 'B', company: 'C', emails: [{ label: 'Work', value: 'a@example.com' }] },
    });
    const r = await runCli(['campaigns', 'create-card', 'cmp_native', '--data', data, '-o', 'json'], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/^warning: card crd_\w+ exists but is paused: the plan no longer covers it/);
  });

  it('campaigns import: the report records paused per row; the summary warns with the count (also with -q)', async () => {
    coverOnly(2);
    const file = writeCsv('people.csv', partnersCsv(5));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = readReportLines(`${file}.report.ndjson`).slice(1);
    expect(rows.map((l) => [l.externalId, l.outcome, l.paused])).toEqual([
      ['P-0001', 'created', false],
      ['P-0002', 'created', false],
      ['P-0003', 'created', true],
      ['P-0004', 'created', true],
      ['P-0005', 'created', true],
    ]);
    expect(r.stderr).toContain(
      'warning: 3 cards are paused (the plan no longer covers them): their public URLs do not open',
    );
    const quietFile = writeCsv('more.csv', partnersCsv(2, 10));
    const quiet = await runCli(['campaigns', 'import', 'cmp_native', quietFile, '-q'], { emu });
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stderr).toBe(
      'warning: 2 cards are paused (the plan no longer covers them): their public URLs do not open\n',
    );
  });
});

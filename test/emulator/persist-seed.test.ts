import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createEmulator,
  defaultSeed,
  DEFAULT_KEYS,
  FIELD_MODES,
  HUBSPOT_STATUSES,
  LEAD_SOURCES,
  loadSeedFile,
  parseSeed,
  QR_TYPES,
  SeedError,
} from '../../src/emulator/index.js';
import { stateTempPath, writeStateAtomic } from '../../src/emulator/persist.js';
import { call, testRoutes } from './_util.js';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'cardqr-emu-'));
  dirs.push(d);
  return d;
};
async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(done()).toBe(true);
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('statePath persistence', () => {
  it('writes the state atomically after changes and loads it on restart', async () => {
    const statePath = join(tmp(), 'state', 'emu.json');
    const a = await createEmulator({ port: 0, statePath, extraRoutes: testRoutes });
    await call(a, 'POST', '/widgets', { body: { n: 1 }, headers: { 'Idempotency-Key': 'persist-1' } });
    await call(a, 'POST', '/_emulator/plan', { key: null, body: { plan: 'business_card' } });
    a.advanceTime(3_600_000);
    await a.close();
    const saved = JSON.parse(readFileSync(statePath, 'utf8'));
    expect(saved.version).toBe(1);
    expect(saved.takenShortCodes).toContain('widget-1');
    expect(readdirSync(join(statePath, '..'))).toEqual(['emu.json']); // no temp files left

    const b = await createEmulator({ port: 0, statePath, extraRoutes: testRoutes });
    try {
      expect(b.store.takenShortCodes).toContain('widget-1');
      expect((await call(b, 'GET', '/me')).body.account.plan).toBe('business_card');
      expect(b.now() - Date.now()).toBeGreaterThan(3_590_000);
      const replay = await call(b, 'POST', '/widgets', { body: { n: 1 }, headers: { 'Idempotency-Key': 'persist-1' } });
      expect(replay.body.n).toBe(1); // the stored answer: widget 1, not a second widget
      b.reset();
    } finally {
      await b.close();
    }
    expect(JSON.parse(readFileSync(statePath, 'utf8')).accounts[0].plan).toBe('pro');
  });

  it('the state file holds key secrets: created 0600', async () => {
    const statePath = join(tmp(), 'emu.json');
    const emu = await createEmulator({ port: 0, statePath });
    await emu.close();
    expect(statSync(statePath).mode & 0o777).toBe(0o600);
    expect(readFileSync(statePath, 'utf8')).toContain(emu.keys.full);
  });

  it('a symlink at the state path is replaced by the file, never written through', async () => {
    const dir = tmp();
    const elsewhere = join(dir, 'elsewhere.json');
    const statePath = join(dir, 'emu.json');
    symlinkSync(elsewhere, statePath);
    const emu = await createEmulator({ port: 0, statePath });
    await emu.close();
    expect(lstatSync(statePath).isFile()).toBe(true);
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('the temp file is opened exclusively: something planted at its name is refused, not followed', async () => {
    const dir = tmp();
    const statePath = join(dir, 'emu.json');
    const emu = await createEmulator({ port: 0, statePath });
    await emu.close();
    const before = readFileSync(statePath, 'utf8');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, stateTempPath(statePath, 'planted'));
    expect(() => writeStateAtomic(statePath, emu.store.toJSON(), 'planted')).toThrow(/EEXIST/);
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(lstatSync(stateTempPath(statePath, 'planted')).isSymbolicLink()).toBe(true); // not ours: left alone
    expect(readFileSync(statePath, 'utf8')).toBe(before);
  });

  it('a save that fails is logged and the emulator keeps answering; the next change saves again', async () => {
    // The state directory replaced by a plain file after start: fails for root too (unlike chmod).
    const dir = join(tmp(), 'state');
    const statePath = join(dir, 'emu.json');
    const warnings: string[] = [];
    const emu = await createEmulator({ port: 0, statePath, warn: (line) => warnings.push(line) });
    try {
      rmSync(dir, { recursive: true });
      writeFileSync(dir, 'not a directory');
      expect((await call(emu, 'POST', '/_emulator/plan', { key: null, body: { plan: 'business_card' } })).status).toBe(
        200,
      );
      await waitFor(() => warnings.length > 0);
      expect(warnings[0]).toMatch(new RegExp(`^emulator: the state was not saved to ${statePath}: E(EXIST|NOTDIR)`));
      expect((await call(emu, 'GET', '/me')).body.account.plan).toBe('business_card');

      rmSync(dir);
      expect((await call(emu, 'POST', '/_emulator/plan', { key: null, body: { plan: 'pro' } })).status).toBe(200);
      await waitFor(() => existsSync(statePath));
      expect(JSON.parse(readFileSync(statePath, 'utf8')).accounts[0].plan).toBe('pro');
      expect(readdirSync(dir)).toEqual(['emu.json']); // no temp files left
    } finally {
      await emu.close();
    }
  });

  it('a temp file that cannot be renamed into place is removed', async () => {
    const dir = tmp();
    const statePath = join(dir, 'emu.json');
    const warnings: string[] = [];
    const emu = await createEmulator({ port: 0, statePath, warn: (line) => warnings.push(line) });
    try {
      rmSync(statePath);
      mkdirSync(join(statePath, 'occupied'), { recursive: true }); // a non-empty directory: rename fails, root or not
      await call(emu, 'POST', '/_emulator/plan', { key: null, body: { plan: 'business_card' } });
      await waitFor(() => warnings.length > 0);
      expect(warnings[0]).toMatch(/the state was not saved/);
      expect(readdirSync(dir)).toEqual(['emu.json']); // the directory; no temp file beside it
      expect((await call(emu, 'GET', '/me')).status).toBe(200);
    } finally {
      await emu.close();
    }
  });

  it('refuses a state file that is not one', async () => {
    const statePath = join(tmp(), 'bad.json');
    writeFileSync(statePath, '{"hello": 1}');
    await expect(createEmulator({ port: 0, statePath })).rejects.toThrow(/not a state file/);
  });
});

describe('seed', () => {
  it('the default seed is valid, rich and has fixed key secrets', () => {
    const s = parseSeed(defaultSeed());
    expect(Object.fromEntries(s.keys.map((k) => [k.name, k.secret]))).toEqual(DEFAULT_KEYS);
    const modes = new Set(s.templates.flatMap((t) => Object.values(t.policy.fields).map((f) => f.mode)));
    expect([...modes].sort()).toEqual([...FIELD_MODES].sort());
    expect(new Set(s.qrCodes.map((q) => q.type))).toEqual(new Set(QR_TYPES));
    expect(new Set(s.cards.map((c) => c.status))).toEqual(new Set(['published', 'draft', 'archived', 'paused']));
    expect(s.cards.some((c) => c.paused)).toBe(true);
    expect(s.leads.length).toBeGreaterThanOrEqual(30);
    expect(new Set(s.leads.map((l) => l.source))).toEqual(new Set(LEAD_SOURCES));
    expect(new Set(s.leads.flatMap((l) => (l.hubspot ? [l.hubspot.status] : [])))).toEqual(new Set(HUBSPOT_STATUSES));
    expect(s.leads.some((l) => l.locked && l.contact === null)).toBe(true);
    expect(s.scans.length).toBeGreaterThan(800);
    const oldest = Math.min(...s.scans.map((x) => Date.parse(x.at)));
    expect(Date.now() - oldest).toBeGreaterThan(300 * 86_400_000);
    expect(s.campaigns.map((c) => c.id)).toEqual([
      'cmp_mapped',
      'cmp_native',
      'cmp_stale',
      'cmp_draft',
      'cmp_disabled',
      'cmp_unconfigured',
    ]);
  });

  it('the default seed is stable for a given day', () => {
    const now = Date.parse('2026-06-15T12:00:00.000Z');
    const a = defaultSeed({ now });
    const b = defaultSeed({ now: now + 3_600_000 });
    const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
    expect(same({ ...a, scans: [] }, { ...b, scans: [] })).toBe(true);
    // later in the day only adds today's scans that have happened by then
    expect(
      same(
        a.scans,
        b.scans!.filter((x) => Date.parse(x.at) <= now),
      ),
    ).toBe(true);
    expect(b.scans!.every((x) => Date.parse(x.at) <= now + 3_600_000)).toBe(true);
  });

  it('stale and unconfigured campaigns are set up as such', async () => {
    const emu = await createEmulator({ port: 0 });
    try {
      const stale = emu.store.campaigns.filter((c) => emu.store.campaignIsStale(c)).map((c) => c.id);
      expect(stale).toEqual(['cmp_stale']);
      expect(emu.store.campaigns.find((c) => c.id === 'cmp_unconfigured')!.api).toBeNull();
      expect(emu.store.trashedCards().map((c) => c.id)).toEqual(['crd_sven']);
      expect(emu.store.isShortCodeTaken('Sven-Lindqvist')).toBe(true); // held by Trash, case-insensitive
      expect(emu.store.isShortCodeTaken('flyer-2024')).toBe(true);
      expect(emu.store.isShortCodeTaken('acme')).toBe(true); // another customer's
      expect(emu.store.isShortCodeTaken('free-code')).toBe(false);
      expect(emu.store.isReservedShortCode('Dashboard')).toBe(true);
      expect(emu.store.randomShortCode()).toMatch(/^[a-z0-9]{8}$/);
      expect(emu.store.newId('crd')).toMatch(/^crd_[A-Za-z0-9]{16}$/);
    } finally {
      await emu.close();
    }
  });

  it('an invalid seed gives every problem with a readable path', () => {
    const seed = defaultSeed() as any;
    seed.cards[2].shortCode = 'not valid!';
    seed.cards[3].fields.emails = [{ label: 'Work', value: 42 }];
    seed.keys[0].scopes = ['cards:read', 'cards:admin'];
    seed.leads[0].cardId = 'crd_ghost';
    let err: unknown;
    try {
      parseSeed(seed);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SeedError);
    const msg = (err as Error).message;
    expect(msg).toContain('cards[2] (crd_zoe).shortCode: letters, numbers and hyphens, up to 100');
    expect(msg).toContain('cards[3] (crd_jose).fields.emails[0].value');
    expect(msg).toContain('keys[0] (key_full).scopes[1]');
    // cross references are checked once the shape is right
    const s2 = defaultSeed() as any;
    s2.leads[0].cardId = 'crd_ghost';
    s2.keys[3].campaignId = 'cmp_ghost';
    const msg2 = (() => {
      try {
        parseSeed(s2);
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(msg2).toContain('keys[3].campaignId: unknown campaign cmp_ghost');
    expect(msg2).toContain('leads[0].cardId: unknown card or QR code crd_ghost');
  });

  it('loadSeedFile reports unreadable JSON and createEmulator rejects an invalid seed', async () => {
    const p = join(tmp(), 'seed.json');
    writeFileSync(p, '{"accounts": [');
    expect(() => loadSeedFile(p)).toThrow(/Invalid seed file .*seed\.json:\n  - cannot read JSON/);
    writeFileSync(p, JSON.stringify({ accounts: [{ id: 'acc_1', email: 'a@b.example', plan: 'gold' }], extra: 1 }));
    expect(() => loadSeedFile(p)).toThrow(
      /accounts\[0\] \(acc_1\)\.plan: expected a plan[\s\S]*\(root\): Unrecognized key/,
    );
    await expect(createEmulator({ port: 0, seed: { accounts: [] } })).rejects.toThrow(SeedError);
  });
});

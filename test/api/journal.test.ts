// The journal of single writes whose outcome was lost (src/api/journal.ts): keyed by a hash of the
// request (never its body), private to the user, at most 24 hours, and never in the way of a write.
import { chmodSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileJournal } from '../../src/api/journal.js';
import { tempDir } from '../helpers/run-cli.js';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const HOUR = 3600_000;

function journal(dir: string, now: () => number, warnings: string[] = [], key = 'cq_live_secret_1') {
  return new FileJournal(join(dir, 'state', 'journal.json'), 'https://api.example/v1', key, now, (l) =>
    warnings.push(l),
  );
}

describe('FileJournal', () => {
  it('keeps a key under a hash of account, method, path and body; never the body or the API key', async () => {
    const dir = tempDir();
    const j = journal(dir, () => T0);
    const fp = j.fingerprint('POST', '/v1/qr-codes', { name: 'Secret name', destinationUrl: 'https://x.example/' });
    await j.remember({ fp, key: 'k-1', method: 'POST', path: '/v1/qr-codes' });
    const file = join(dir, 'state', 'journal.json');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('Secret name');
    expect(text).not.toContain('cq_live_secret_1');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'state')).mode & 0o777).toBe(0o700);
    expect((await journal(dir, () => T0).find(fp))?.key).toBe('k-1');
  });

  it('the same content in another key order is the same request; another account or body is not', () => {
    const j = journal(tempDir(), () => T0);
    const a = j.fingerprint('POST', '/v1/cards', { fields: { firstName: 'A', lastName: 'B' } });
    expect(j.fingerprint('POST', '/v1/cards', '{"fields":{"lastName":"B","firstName":"A"}}')).toBe(a);
    expect(j.fingerprint('POST', '/v1/cards', { fields: { firstName: 'A', lastName: 'C' } })).not.toBe(a);
    expect(j.fingerprint('PATCH', '/v1/cards', { fields: { firstName: 'A', lastName: 'B' } })).not.toBe(a);
    const other = journal(tempDir(), () => T0, [], 'cq_live_other');
    expect(other.fingerprint('POST', '/v1/cards', { fields: { firstName: 'A', lastName: 'B' } })).not.toBe(a);
  });

  it('forgets an entry after 24 hours, and one from a clock put far back', async () => {
    const dir = tempDir();
    let now = T0;
    const j = journal(dir, () => now);
    const fp = j.fingerprint('DELETE', '/v1/cards/crd_1', undefined);
    await j.remember({ fp, key: 'k-del', method: 'DELETE', path: '/v1/cards/crd_1' });
    now = T0 + 23 * HOUR;
    expect((await journal(dir, () => now).find(fp))?.key).toBe('k-del');
    now = T0 + 25 * HOUR;
    expect(await journal(dir, () => now).find(fp)).toBeUndefined();
    now = T0 - 5 * HOUR; // this machine's clock now reads hours before the entry was written
    expect(await journal(dir, () => now).find(fp)).toBeUndefined();
  });

  it('a known outcome drops the entry, and for an object every entry of that object; a create only its own', async () => {
    const dir = tempDir();
    const j = journal(dir, () => T0);
    const del = j.fingerprint('DELETE', '/v1/cards/crd_1', undefined);
    const c1 = j.fingerprint('POST', '/v1/cards', { fields: { firstName: 'A' } });
    const c2 = j.fingerprint('POST', '/v1/cards', { fields: { firstName: 'B' } });
    await j.remember({ fp: del, key: 'k-d', method: 'DELETE', path: '/v1/cards/crd_1' });
    await j.remember({ fp: c1, key: 'k-1', method: 'POST', path: '/v1/cards' });
    await j.remember({ fp: c2, key: 'k-2', method: 'POST', path: '/v1/cards' });
    await j.forget(j.fingerprint('PATCH', '/v1/cards/crd_1', {}), '/v1/cards/crd_1');
    await j.forget(c1, undefined);
    const again = journal(dir, () => T0);
    expect(await again.find(del)).toBeUndefined();
    expect(await again.find(c1)).toBeUndefined();
    expect((await again.find(c2))?.key).toBe('k-2');
  });

  it.each([
    ['a journal open to others', (f: string) => (writeFileSync(f, '{"version":1,"entries":[]}'), chmodSync(f, 0o644))],
    ['a journal that is a symbolic link', (f: string) => symlinkSync('/etc/hostname', f)],
    ['a folder open to others', (f: string) => chmodSync(join(f, '..'), 0o755)],
  ])('%s: one warning, not used, and the write goes on', async (_name, spoil) => {
    const dir = tempDir();
    mkdirSync(join(dir, 'state'), { mode: 0o700 });
    spoil(join(dir, 'state', 'journal.json'));
    const warnings: string[] = [];
    const j = journal(dir, () => T0, warnings);
    const fp = j.fingerprint('POST', '/v1/qr-codes', {});
    expect(await j.find(fp)).toBeUndefined();
    await j.remember({ fp, key: 'k', method: 'POST', path: '/v1/qr-codes' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/cannot be resumed with the same key/);
  });

  it('an entry whose key could not be sent as it is (edited: a control character, a space) is not used', async () => {
    const dir = tempDir();
    const j = journal(dir, () => T0);
    const fp = j.fingerprint('POST', '/v1/qr-codes', {});
    mkdirSync(join(dir, 'state'), { mode: 0o700 });
    for (const key of ['k\u001b[31m', 'a b', '']) {
      const entry = { fp, key, method: 'POST', path: '/v1/qr-codes', at: new Date(T0).toISOString() };
      writeFileSync(join(dir, 'state', 'journal.json'), JSON.stringify({ version: 1, entries: [entry] }), {
        mode: 0o600,
      });
      expect(await journal(dir, () => T0).find(fp)).toBeUndefined();
    }
  });

  it('a journal that is not JSON is replaced at the next unknown outcome', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'state'), { mode: 0o700 });
    writeFileSync(join(dir, 'state', 'journal.json'), '{"version":1,"entr', { mode: 0o600 });
    const warnings: string[] = [];
    const j = journal(dir, () => T0, warnings);
    const fp = j.fingerprint('POST', '/v1/qr-codes', {});
    await j.remember({ fp, key: 'k', method: 'POST', path: '/v1/qr-codes' });
    expect(warnings[0]).toMatch(/not valid JSON/);
    expect((await journal(dir, () => T0).find(fp))?.key).toBe('k');
  });
});

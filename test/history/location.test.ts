// Which store a command uses, named without its password; ~/.pgpass read as libpq reads it.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactUrl, storeLocation } from '../../src/history/location.js';
import { pgpassFor } from '../../src/history/pgpass.js';
import { tempDir } from '../helpers/temp-dirs.js';

const DEFAULT = '/data/cardqr/history.db';

describe('storeLocation', () => {
  it('--store, then CARDQR_HISTORY_URL, then the default file', () => {
    expect(storeLocation(undefined, {}, DEFAULT)).toMatchObject({ kind: 'sqlite', target: DEFAULT });
    expect(storeLocation('/x/h.db', { CARDQR_HISTORY_URL: 'postgres://a@h/d' }, DEFAULT)).toMatchObject({
      kind: 'sqlite',
      target: '/x/h.db',
    });
    expect(storeLocation(undefined, { CARDQR_HISTORY_URL: 'postgres://u:s3cret@db:5433/h' }, DEFAULT)).toEqual({
      kind: 'postgres',
      target: 'postgres://u:s3cret@db:5433/h',
      where: 'postgres://u@db:5433/h',
      passwordInArgv: false,
    });
  });

  it('a password in --store is flagged; the name never carries it', () => {
    const loc = storeLocation('postgresql://u:s3cret@db/h?sslmode=require', {}, DEFAULT);
    expect(loc.passwordInArgv).toBe(true);
    expect(loc.where).toBe('postgresql://u@db/h?sslmode=require');
    expect(redactUrl('postgres://u:p%40ss@db/h')).not.toContain('p%40ss');
  });

  it('other URLs and an empty value: exit 2', () => {
    expect(() => storeLocation('mysql://u:pw@db/h', {}, DEFAULT)).toThrow(/neither a file nor a postgres:\/\/ URL/);
    expect(() => storeLocation('mysql://u:pw@db/h', {}, DEFAULT)).not.toThrow(/pw/);
    expect(() => storeLocation(' ', {}, DEFAULT)).toThrow(/empty/);
  });
});

describe('pgpassFor', () => {
  it('the first matching line, * and escapes; a file open to others is ignored', async () => {
    const dir = tempDir('cardqr-pgpass-');
    const file = join(dir, 'pgpass');
    writeFileSync(file, '# comment\nother:5432:*:u:nope\n*:5432:hist:u:pa\\:ss\n*:*:*:*:fallback\n', { mode: 0o600 });
    const env = { PGPASSFILE: file };
    expect(await pgpassFor(env, { host: 'db', port: 5432, database: 'hist', user: 'u' })).toBe('pa:ss');
    expect(await pgpassFor(env, { host: 'db', port: 5433, database: 'x', user: 'v' })).toBe('fallback');
    chmodSync(file, 0o644);
    expect(await pgpassFor(env, { host: 'db', port: 5432, database: 'hist', user: 'u' })).toBeUndefined();
  });
});

// Node 22 warns when node:sqlite loads (ExperimentalWarning): the history store keeps that one warning
// off the operator's screen and no other (src/history/sqlite.ts, loadSqlite). Also: the built CLI on
// Node 22 (tools/node, as CI installs it) opens a store with nothing on stderr.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, ensureFreshBuild } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';
import { isSqliteWarning, loadSqlite } from '../../src/history/sqlite.js';

const NODE22 = join(ROOT, 'tools', 'node', 'node_modules', 'node22', 'bin', 'node');

beforeAll(async () => {
  await ensureFreshBuild();
}, 180_000);

describe('the node:sqlite warning', () => {
  it('only that warning is recognised', () => {
    expect(
      isSqliteWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning'),
    ).toBe(true);
    const w = Object.assign(new Error('SQLite is an experimental feature and might change at any time'), {
      name: 'ExperimentalWarning',
    });
    expect(isSqliteWarning(w)).toBe(true);
    expect(isSqliteWarning('WASI is an experimental feature', 'ExperimentalWarning')).toBe(false);
    expect(isSqliteWarning('SQLite is an experimental feature', 'DeprecationWarning')).toBe(false);
    expect(isSqliteWarning('SQLite is an experimental feature', { type: 'ExperimentalWarning' })).toBe(true);
  });

  it('loading leaves process.emitWarning as it was and adds no warning listener', () => {
    const emit = process.emitWarning;
    const listeners = process.listenerCount('warning');
    expect(typeof loadSqlite().DatabaseSync).toBe('function');
    expect(process.emitWarning).toBe(emit);
    expect(process.listenerCount('warning')).toBe(listeners);
  });

  it('while it loads, every other warning still goes out', async () => {
    const seen: string[] = [];
    const listen = (w: Error) => seen.push(`${w.name}: ${w.message}`);
    process.on('warning', listen);
    try {
      loadSqlite(() => {
        process.emitWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning');
        process.emitWarning('something else is experimental', 'ExperimentalWarning');
        process.emitWarning('old', 'DeprecationWarning');
        return {} as typeof import('node:sqlite');
      });
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', listen);
    }
    expect(seen).toEqual(['ExperimentalWarning: something else is experimental', 'DeprecationWarning: old']);
  });

  it('the built CLI on Node 22: a store opened with nothing on stderr', () => {
    expect(existsSync(NODE22), `${NODE22} (npm run node-versions)`).toBe(true);
    const dir = tempDir('cardqr-sqlite-warn-');
    const env = { ...process.env, CARDQR_CONFIG_DIR: dir, CARDQR_DATA_DIR: dir, NO_COLOR: '1' };
    const r = spawnSync(NODE22, [BIN, 'analytics', 'migrate', '--store', join(dir, 'h.db')], { env, encoding: 'utf8' });
    expect([r.status, r.stderr]).toEqual([0, '']);
    const bare = spawnSync(NODE22, ['-e', "process.getBuiltinModule('node:sqlite')"], { env, encoding: 'utf8' });
    expect(bare.stderr).toMatch(/ExperimentalWarning: SQLite is an experimental feature/); // Node 22 without cardqr's filter
  });
});

// The export's spool: pages of JSON lines written newest first, read back oldest first, one page in memory.
import {
  existsSync,
  lstatSync,
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
import { afterEach, describe, expect, test } from 'vitest';
import { Spool } from '../../../src/jobs/leads/spool.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), 'cardqr-spool-'));
  dirs.push(d);
  return d;
}

async function all(spool: Spool): Promise<string[]> {
  const out: string[] = [];
  for await (const line of spool.reversed()) out.push(line);
  return out;
}

describe('Spool', () => {
  test('reads every line back in the reverse of the write order, across pages', async () => {
    const spool = await Spool.create(join(dir(), 'export.spool'));
    await spool.append(['{"id":"l9"}', '{"id":"l8"}', '{"id":"l7"}']);
    await spool.append(['{"id":"l6"}']);
    await spool.append(['{"id":"l5"}', '{"id":"l4"}']);
    expect(spool.count).toBe(6);
    expect(await all(spool)).toEqual([
      '{"id":"l4"}',
      '{"id":"l5"}',
      '{"id":"l6"}',
      '{"id":"l7"}',
      '{"id":"l8"}',
      '{"id":"l9"}',
    ]);
    await spool.dispose();
  });

  test('empty pages add nothing; an empty spool reads as nothing', async () => {
    const spool = await Spool.create(join(dir(), 'export.spool'));
    await spool.append([]);
    expect(spool.count).toBe(0);
    expect(await all(spool)).toEqual([]);
    await spool.append([]);
    await spool.append(['{"a":1}']);
    await spool.append([]);
    expect(await all(spool)).toEqual(['{"a":1}']);
    await spool.dispose();
  });

  test('multi-byte text and escaped newlines survive byte-exact', async () => {
    const lines = [
      JSON.stringify({ name: 'Zoë Ångström 日本語 😀' }),
      JSON.stringify({ note: 'line one\nline two\r\n\u2028' }),
    ];
    const spool = await Spool.create(join(dir(), 'export.spool'));
    await spool.append(lines);
    expect((await all(spool)).map((l) => JSON.parse(l) as unknown)).toEqual(
      lines.reverse().map((l) => JSON.parse(l) as unknown),
    );
    await spool.dispose();
  });

  test('a page larger than any read buffer comes back whole', async () => {
    const big = Array.from({ length: 2000 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(500) }));
    const spool = await Spool.create(join(dir(), 'export.spool'));
    await spool.append(big);
    const back = await all(spool);
    expect(back.length).toBe(2000);
    expect(back[0]).toBe(big[1999]);
    expect(back[1999]).toBe(big[0]);
    await spool.dispose();
  });

  test('can be read twice', async () => {
    const spool = await Spool.create(join(dir(), 'export.spool'));
    await spool.append(['1', '2']);
    expect(await all(spool)).toEqual(['2', '1']);
    expect(await all(spool)).toEqual(['2', '1']);
    await spool.dispose();
  });

  test('is private to the user', async () => {
    const path = join(dir(), 'export.spool');
    const spool = await Spool.create(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    await spool.dispose();
  });

  test('replaces what a killed run left at that name', async () => {
    const path = join(dir(), 'export.spool');
    writeFileSync(path, 'left over from a killed run\n'.repeat(100), { mode: 0o644 });
    const spool = await Spool.create(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    await spool.append(['{"new":true}']);
    expect(await all(spool)).toEqual(['{"new":true}']);
    await spool.dispose();
  });

  test('a symlink planted at the spool name is replaced, never followed', async () => {
    const d = dir();
    const victim = join(d, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    const path = join(d, 'export.spool');
    symlinkSync(victim, path);
    const spool = await Spool.create(path);
    await spool.append(['{"id":"l1"}']);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
    await spool.dispose();
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  test('dispose removes the file, and a second dispose is harmless', async () => {
    const d = dir();
    const spool = await Spool.create(join(d, 'export.spool'));
    await spool.append(['x']);
    await spool.dispose();
    expect(existsSync(join(d, 'export.spool'))).toBe(false);
    await spool.dispose();
    expect(readdirSync(d)).toEqual([]);
  });

  test('a spool in a directory that does not exist is an error, not a hang', async () => {
    await expect(Spool.create(join(dir(), 'missing', 'export.spool'))).rejects.toThrow(/ENOENT|missing/);
  });
});

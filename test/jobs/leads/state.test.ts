// The export's state file: read (every malformed shape refused with one clear message), replaced
// atomically, and the cursor advanced across runs.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { advanceCursor, readState, writeStateAtomic, type ExportState } from '../../../src/jobs/leads/state.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), 'cardqr-state-'));
  dirs.push(d);
  return d;
}

const STATE: ExportState = {
  version: 1,
  baseUrl: 'https://api.example.com/v1',
  cursor: { createdAt: '2026-11-20T09:14:00.000Z', ids: ['lead_017', 'lead_018'] },
  lastRun: { finishedAt: '2026-11-20T09:15:00.000Z', exported: 12 },
};

describe('readState', () => {
  test('a missing file is a first run', async () => {
    expect(await readState(join(dir(), 'nope.json'))).toBeUndefined();
  });

  test('reads back what writeStateAtomic wrote', async () => {
    const path = join(dir(), 'state.json');
    await writeStateAtomic(path, STATE);
    expect(await readState(path)).toMatchObject(STATE);
  });

  test('pending locked leads round-trip; a file without them (older cardqr) reads as none', async () => {
    const path = join(dir(), 'state.json');
    const pending = [{ id: 'lead_027', firstSeen: '2026-11-20T09:15:00.000Z' }];
    await writeStateAtomic(path, { ...STATE, pending });
    expect((await readState(path))?.pending).toEqual(pending);
    await writeStateAtomic(path, STATE);
    expect((await readState(path))?.pending).toBeUndefined();
  });

  test('a state without a cursor or last run (nothing exported yet) reads as nulls', async () => {
    const path = join(dir(), 'state.json');
    writeFileSync(path, JSON.stringify({ version: 1, baseUrl: 'http://127.0.0.1:1/v1' }));
    expect(await readState(path)).toMatchObject({
      version: 1,
      baseUrl: 'http://127.0.0.1:1/v1',
      cursor: null,
      lastRun: null,
    });
  });

  test.each([
    ['not JSON', '{"version": 1,', /not JSON/],
    ['an empty file', '', /not JSON/],
    ['JSON null', 'null', /unknown version/],
    ['another version', '{"version": 2, "baseUrl": "x"}', /unknown version/],
    ['no baseUrl', '{"version": 1}', /no baseUrl/],
    [
      'a cursor date that is not a date',
      '{"version":1,"baseUrl":"x","cursor":{"createdAt":"yesterday","ids":[]}}',
      /cursor\.createdAt/,
    ],
    [
      'cursor ids that are not strings',
      '{"version":1,"baseUrl":"x","cursor":{"createdAt":"2026-01-01T00:00:00Z","ids":[1]}}',
      /cursor\.ids/,
    ],
    [
      'cursor ids that are not a list',
      '{"version":1,"baseUrl":"x","cursor":{"createdAt":"2026-01-01T00:00:00Z","ids":"lead_1"}}',
      /cursor\.ids/,
    ],
    ['pending that is not a list', '{"version":1,"baseUrl":"x","pending":{"id":"lead_1"}}', /pending/],
    ['a pending lead without firstSeen', '{"version":1,"baseUrl":"x","pending":[{"id":"lead_1"}]}', /pending/],
    [
      'a pending firstSeen that is not a date',
      '{"version":1,"baseUrl":"x","pending":[{"id":"lead_1","firstSeen":"soon"}]}',
      /pending/,
    ],
  ])('refuses %s with a usage error naming the file', async (_what, text, why) => {
    const path = join(dir(), 'state.json');
    writeFileSync(path, text);
    const err = await readState(path).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toContain(path);
    expect((err as Error).message).toMatch(why);
  });

  test('a state path that is a directory is refused with a usage error, not a crash', async () => {
    const d = dir();
    const err = await readState(d).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toContain(d);
  });
});

describe('writeStateAtomic', () => {
  test('a new state file is private to the user; nothing else is left in the directory', async () => {
    const d = dir();
    const path = join(d, 'state.json');
    await writeStateAtomic(path, STATE);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject(STATE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(d)).toEqual(['state.json']);
  });

  test('replaces an existing state whole (a longer old content leaves no tail), keeping its mode', async () => {
    const d = dir();
    const path = join(d, 'state.json');
    writeFileSync(path, 'old and longer than the new content '.repeat(100), { mode: 0o640 });
    chmodSync(path, 0o640);
    await writeStateAtomic(path, STATE);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject(STATE);
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(readdirSync(d)).toEqual(['state.json']);
  });

  test('a failed write leaves the old state in place', async () => {
    const d = dir();
    const path = join(d, 'state.json');
    await writeStateAtomic(path, STATE);
    const before = readFileSync(path, 'utf8');
    // A value JSON cannot hold makes the write fail before anything reaches the disk.
    const bad = { ...STATE, lastRun: { finishedAt: 'x', exported: 1n } } as unknown as ExportState;
    await expect(writeStateAtomic(path, bad)).rejects.toThrow();
    expect(readFileSync(path, 'utf8')).toBe(before);
  });
});

describe('advanceCursor', () => {
  const prev = { createdAt: '2026-11-20T09:14:00.000Z', ids: ['a', 'b'] };

  test('a run that exported nothing keeps the cursor', () => {
    expect(advanceCursor(prev, undefined, [])).toBe(prev);
    expect(advanceCursor(null, undefined, [])).toBeNull();
  });

  test('a newer instant replaces the cursor', () => {
    expect(advanceCursor(prev, '2026-11-21T00:00:00.000Z', ['c'])).toEqual({
      createdAt: '2026-11-21T00:00:00.000Z',
      ids: ['c'],
    });
    expect(advanceCursor(null, '2026-11-21T00:00:00.000Z', ['c'])).toEqual({
      createdAt: '2026-11-21T00:00:00.000Z',
      ids: ['c'],
    });
  });

  test('the same instant, however it is written, adds the ids up without repeats', () => {
    expect(advanceCursor(prev, '2026-11-20T09:14:00Z', ['b', 'c'])).toEqual({
      createdAt: prev.createdAt,
      ids: ['a', 'b', 'c'],
    });
  });

  test("does not share the caller's id array", () => {
    const ids = ['x'];
    const next = advanceCursor(null, '2026-11-21T00:00:00.000Z', ids)!;
    ids.push('y');
    expect(next.ids).toEqual(['x']);
  });
});

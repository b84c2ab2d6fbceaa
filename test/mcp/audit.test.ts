// The audit file (rotation, mode, one line per call in order) and the bearer comparison, as units.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileAudit } from '../../src/mcp/audit.js';
import { bearerMatches } from '../../src/mcp/token.js';
import { removeTempDir, tempDir } from '../helpers/temp-dirs.js';

const TOKEN = 'ab'.repeat(32);
let dir: string | undefined;
afterEach(() => {
  if (dir) removeTempDir(dir);
  dir = undefined;
});

describe('the audit file', () => {
  it('appends one line per call in order, 0600, rotated past its size with five old files kept', async () => {
    dir = tempDir('cardqr-audit-');
    const path = join(dir, 'state', 'mcp-audit.ndjson');
    const warnings: string[] = [];
    const audit = fileAudit(
      path,
      () => new Date('2026-11-23T12:00:00Z'),
      (w) => warnings.push(w),
      400,
    );
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => audit.record({ tool: 'get', ids: [`qr_${i}`], outcome: 'ok' })),
    );
    const files = readdirSync(join(dir, 'state')).sort();
    expect(files).toEqual([
      'mcp-audit.ndjson',
      'mcp-audit.ndjson.1',
      'mcp-audit.ndjson.2',
      'mcp-audit.ndjson.3',
      'mcp-audit.ndjson.4',
      'mcp-audit.ndjson.5',
    ]);
    for (const f of files) {
      expect(statSync(join(dir, 'state', f)).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, 'state', f)).size).toBeLessThanOrEqual(400);
    }
    const newest = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(newest.at(-1)).toEqual({ time: '2026-11-23T12:00:00.000Z', tool: 'get', ids: ['qr_39'], outcome: 'ok' });
    const older = readFileSync(`${path}.1`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(Number(older.at(-1).ids[0].slice(3)) + 1).toBe(Number(newest[0].ids[0].slice(3)));
    expect(warnings).toEqual([]);
  });

  it('keeps at most 50 ids a line, and says once when it cannot write', async () => {
    dir = tempDir('cardqr-audit-');
    const warnings: string[] = [];
    const audit = fileAudit(
      join(dir, 'a.ndjson'),
      () => new Date(0),
      (w) => warnings.push(w),
    );
    await audit.record({ tool: 'plan_trash', ids: Array.from({ length: 80 }, (_, i) => `crd_${i}`), outcome: 'ok' });
    const line = JSON.parse(readFileSync(join(dir, 'a.ndjson'), 'utf8'));
    expect(line.ids).toHaveLength(50);
    expect(line.more_ids).toBe(30);
    const broken = fileAudit(
      join(dir, 'a.ndjson', 'x'),
      () => new Date(0),
      (w) => warnings.push(w),
    );
    await broken.record({ tool: 'whoami', ids: [], outcome: 'ok' });
    await broken.record({ tool: 'whoami', ids: [], outcome: 'ok' });
    expect(warnings).toHaveLength(1);
  });
});

describe('the bearer token', () => {
  it.each([
    [`Bearer ${TOKEN}`, true],
    [`Bearer ${TOKEN}x`, false],
    [`Bearer ${TOKEN.slice(1)}`, false],
    [`bearer ${TOKEN}`, true],
    [`Bearer  ${TOKEN}`, false],
    [TOKEN, false],
    ['Bearer ', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, ok) => {
    expect(bearerMatches(header, TOKEN)).toBe(ok);
  });
});

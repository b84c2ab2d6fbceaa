// Locks keyed by the file, not the path as typed (PRODUCT section 16, issue 34): two names for one state
// file meet one lock (`leads follow --state s.state` and a second run through a symlink once both ran:
// 151 of 174 leads delivered twice); a state file that is a symlink stays one; and an existing --out is
// added to only when its last complete line is one `leads export` writes for that format.
import { linkSync, lstatSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { follow } from '../commands/leads/follow-helpers.js';
import { useCounters } from './_support.js';

const counts = useCounters('own-files-locks');
const emu = useEmulator();

const ids = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { lead: { id: string } }).lead.id);

describe('two names for one state file meet one lock', () => {
  const aliases: Array<[string, (state: string, dir: string) => string]> = [
    [
      'a symlink',
      (s, d) => {
        symlinkSync(s, join(d, 'link.state'));
        return join(d, 'link.state');
      },
    ],
    ['./x and x', (s) => `./${relative(process.cwd(), s)}`],
    [
      'a path through a symlinked folder',
      (_s, d) => {
        symlinkSync(d, join(d, '..', 'via'));
        return join(d, '..', 'via', 'leads.state');
      },
    ],
  ];

  it.each(aliases)(
    '%s: a second follow or export while one follows is refused (exit 2, nothing sent)',
    async (_n, alias) => {
      const dir = join(tempDir(), 'work');
      mkdirSync(dir);
      const state = join(dir, 'leads.state');
      const other = alias(state, dir);
      const seconds: Array<{ code: number; stderr: string; sent: number }> = [];
      const first = await follow(emu, ['--state', state], async (n) => {
        if (n !== 1) return true;
        for (const verb of ['follow', 'export']) {
          const before = emu.requests().length;
          const r = await runCli(['leads', verb, '--state', other], { emu });
          seconds.push({ code: r.exitCode, stderr: r.stderr, sent: emu.requests().length - before });
        }
        return true;
      });
      expect(first.exitCode, first.stderr).toBe(0);
      expect(seconds.map((s) => [s.code, s.sent])).toEqual([
        [2, 0],
        [2, 0],
      ]);
      for (const s of seconds) expect(s.stderr).toMatch(/^error: state file busy: another /);
      // Each lead once, and the state holds the cursor of the one run.
      const delivered = ids(first.stdout);
      expect(new Set(delivered).size).toBe(delivered.length);
      expect(JSON.parse(readFileSync(state, 'utf8')).cursor).not.toBeNull();
      counts.ownFiles++;
    },
  );

  it('a hard link: a state file with two names is refused under either name (exit 2, nothing sent)', async () => {
    const dir = tempDir();
    const state = join(dir, 'leads.state');
    const first = await follow(emu, ['--state', state], () => true);
    expect(first.exitCode, first.stderr).toBe(0);
    const saved = readFileSync(state, 'utf8');
    linkSync(state, join(dir, 'hard.state'));
    emu.reset();
    for (const name of [state, join(dir, 'hard.state')]) {
      for (const verb of ['follow', 'export']) {
        const r = await runCli(['leads', verb, '--state', name], { emu });
        expect(r.exitCode, r.stderr).toBe(2);
        expect(r.stderr.split('\n')[0]).toBe(
          `error: --state ${name} has 2 names (hard links); cardqr locks a file by its one real path, so two names could run at once`,
        );
      }
    }
    expect(emu.requests()).toEqual([]);
    expect(readFileSync(state, 'utf8')).toBe(saved);
    counts.ownFiles++;
  });

  it('a held lock at realpath + ".lock" refuses the run through a symlink', async () => {
    const dir = tempDir();
    const state = join(dir, 'real.state');
    symlinkSync(state, join(dir, 'link.state'));
    writeFileSync(
      `${state}.lock`,
      JSON.stringify({
        pid: process.pid,
        host: (await import('node:os')).hostname(),
        startedAt: '2026-11-22T10:00:00.000Z',
      }),
    );
    const r = await runCli(['leads', 'export', '--state', join(dir, 'link.state')], { emu });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${state}.lock`);
    expect(emu.requests()).toEqual([]);
    counts.ownFiles++;
  });
});

describe('a state file that is a symlink is written through', () => {
  it.each(['follow', 'export'])('leads %s: the link stays a link; its target holds the new state', async (verb) => {
    const dir = tempDir();
    mkdirSync(join(dir, 'states'));
    const target = join(dir, 'states', 'leads.state');
    const link = join(dir, 'leads.state');
    symlinkSync(join('states', 'leads.state'), link); // relative, and its target not there yet
    const r =
      verb === 'follow'
        ? await follow(emu, ['--state', link], () => true)
        : await runCli(['leads', 'export', '--state', link], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(join('states', 'leads.state'));
    expect(JSON.parse(readFileSync(target, 'utf8')).cursor).not.toBeNull();
    // The next run through the link continues from that state: nothing new.
    const again = await runCli(['leads', 'export', '--state', link], { emu });
    expect([again.exitCode, again.stdout]).toEqual([0, '']);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    counts.ownFiles++;
  });
});

describe('--out is added to only when its last complete line is one leads export writes', () => {
  it.each([
    ['a JSON document starting with {', '{\n  "name": "x"\n}\n', []],
    ['an NDJSON file of something else', '{"name":"x"}\n{"name":"y"}\n', []],
    ['a lead line followed by something else', '{"id":"lead_1","createdAt":"2026-01-01T00:00:00Z"}\n}\n', []],
    ['a CSV whose last row has other columns', null, ['-o', 'csv']],
    ['vCards cut off mid-card', 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\n', ['-o', 'vcf']],
  ])('%s: refused (exit 2, nothing sent), the file byte-identical', async (_n, text, extra) => {
    const dir = tempDir();
    const out = join(dir, 'out.txt');
    if (text === null) {
      const first = await runCli(['leads', 'export', '--state', join(dir, 'a.state'), '-o', 'csv', '--out', out], {
        emu,
      });
      expect(first.exitCode, first.stderr).toBe(0);
      writeFileSync(out, `${readFileSync(out, 'utf8')}just,three,cells\r\n`);
    } else writeFileSync(out, text);
    const before = readFileSync(out);
    emu.reset();
    const r = await runCli(['leads', 'export', '--state', join(dir, 's.state'), ...extra, '--out', out], { emu });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(
      new RegExp(`^error: --out ${out} (already holds|does not end with).*refusing to add to it$`),
    );
    expect(emu.requests()).toEqual([]);
    expect(readFileSync(out).equals(before)).toBe(true);
    counts.ownFiles++;
  });

  it.each([
    ['ndjson', []],
    ['ndjson --fields', ['--fields', 'id,createdAt,contact.email']],
    ['csv', ['-o', 'csv']],
    ['vCards', ['-o', 'vcf']],
  ])('our own %s file is added to', async (_n, extra) => {
    const dir = tempDir();
    const out = join(dir, 'leads.out');
    const first = await runCli(['leads', 'export', '--state', join(dir, 'a.state'), ...extra, '--out', out], { emu });
    expect(first.exitCode, first.stderr).toBe(0);
    const before = readFileSync(out, 'utf8');
    expect(before.length).toBeGreaterThan(0);
    // Another state: the same leads again, added after what the file holds.
    const second = await runCli(['leads', 'export', '--state', join(dir, 'b.state'), ...extra, '--out', out], { emu });
    expect(second.exitCode, second.stderr).toBe(0);
    const after = readFileSync(out, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(after.length).toBeGreaterThan(before.length);
    counts.ownFiles++;
  });
});

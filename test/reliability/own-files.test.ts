// The tool's own files (PRODUCT section 16, issue 34): no file a flag names to be written may be one of
// them, checked on the file (a symlink, a hard link), not on the path as typed. Every entry of the
// registry × every flag that names a file we write: exit 2, one line naming the flag, the path and what
// the file is, nothing sent, the file byte-identical (or still absent) afterwards.
import { existsSync, linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_FILES } from '../../src/fs/own-files.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { useCounters } from './_support.js';

const counts = useCounters('own-files');
const emu = useEmulator();

interface Place {
  cfg: string;
  stateDir: string;
  cache: string;
  data: string;
  work: string;
  env: Record<string, string>;
}

function place(): Place {
  const root = tempDir('cardqr-own-');
  const p = {
    cfg: join(root, 'config'),
    stateDir: join(root, 'state'),
    cache: join(root, 'cache'),
    data: join(root, 'data'),
    work: join(root, 'work'),
  };
  for (const d of Object.values(p)) mkdirSync(d, { recursive: true });
  return {
    ...p,
    env: { CARDQR_CONFIG_DIR: p.cfg, CARDQR_STATE_DIR: p.stateDir, XDG_CACHE_HOME: p.cache, CARDQR_DATA_DIR: p.data },
  };
}

const LOCK = JSON.stringify({ pid: 999_999, host: hostname(), startedAt: '2026-11-22T10:00:00.000Z' });
const STATE =
  JSON.stringify({ version: 1, baseUrl: 'http://x.example/v1', cursor: null, lastRun: null }, null, 2) + '\n';
const REPORT = '{"type":"header","version":1,"job":"qr apply","cardqr":"0.1.0"}\n';
const STORE =
  '{\n\t"defaultProfile": "work",\n\t"profiles": {"work": {"name": "work", "baseUrl": "http://x", "apiKey": "sk_live_0123456789abcdef"}}\n}\n';

/** One file of each kind in the registry: where it is (made, or left absent), what it is called, and its text. */
// `byName`: recognised by its name wherever it is (a temporary file, a print cache, a spool), so a hard
// link under another name is not (its other name cannot be found without searching the disk).
const KINDS: Array<{
  name: string;
  what: RegExp;
  make: (p: Place) => { path: string; text?: string };
  skip?: string[];
  byName?: boolean;
}> = [
  {
    name: 'the profile store',
    what: /cardqr's profile store/,
    make: (p) => ({ path: join(p.cfg, 'config.json'), text: STORE }),
  },
  {
    name: "the profile store's lock",
    what: /the lock file of cardqr's profile store/,
    make: (p) => ({ path: join(p.cfg, 'config.json.lock') }),
  },
  {
    name: 'a temporary file of the profile store',
    what: /a temporary file of cardqr's profile store/,
    make: (p) => ({ path: join(p.cfg, '.config.json.cardqr-123-0123456789abcdef.tmp') }),
  },
  {
    name: 'the journal',
    what: /journal of writes with an unknown outcome/,
    make: (p) => ({ path: join(p.stateDir, 'journal.json'), text: '{"version":1,"entries":[]}\n' }),
  },
  {
    name: "the emulator's CA",
    what: /the emulator's local CA/,
    make: (p) => ({ path: join(p.stateDir, 'emulator-ca', 'ca-key.pem'), text: '-----BEGIN PRIVATE KEY-----\nx\n' }),
  },
  {
    name: 'the print ledger',
    what: /print ledger/,
    make: (p) => ({ path: join(p.cfg, 'print-runs', 'run_1.ndjson'), text: '{"type":"run"}\n' }),
  },
  {
    name: 'the image index',
    what: /image index/,
    make: (p) => ({ path: join(p.cfg, 'image-index', 'abc.ndjson'), text: '{"id":"q"}\n' }),
  },
  {
    name: 'an agent plan',
    what: /agent plans/,
    make: (p) => ({ path: join(p.stateDir, 'plans', 'plan_0123456789abcdef.json'), text: '{"version":1}\n' }),
  },
  {
    name: "an agent plan's report",
    what: /agent plans/,
    make: (p) => ({
      path: join(p.stateDir, 'plans', 'plan_0123456789abcdef.report.ndjson'),
      text: '{"type":"header"}\n',
    }),
  },
  {
    name: 'the audit file of cardqr mcp',
    what: /audit file of cardqr mcp/,
    make: (p) => ({ path: join(p.stateDir, 'mcp-audit.ndjson'), text: '{"tool":"whoami","ids":[],"outcome":"ok"}\n' }),
  },
  {
    name: 'a rotated audit file of cardqr mcp',
    what: /audit file of cardqr mcp/,
    make: (p) => ({
      path: join(p.stateDir, 'mcp-audit.ndjson.3'),
      text: '{"tool":"get","ids":["x"],"outcome":"ok"}\n',
    }),
  },
  {
    name: 'the bearer token of cardqr mcp',
    what: /bearer token of cardqr mcp/,
    make: (p) => ({ path: join(p.stateDir, 'mcp-token'), text: `${'a'.repeat(64)}\n` }),
  },
  {
    name: 'the compile cache',
    what: /cardqr's cache/,
    make: (p) => ({ path: join(p.cache, 'cardqr', 'compile-cache', 'v26', 'x.cache'), text: 'compiled' }),
  },
  {
    name: 'the scan history store',
    what: /cardqr's scan history store/,
    make: (p) => ({ path: join(p.data, 'history.db'), text: 'SQLite format 3\0' }),
    skip: ['--store'],
  },
  {
    name: "the scan history store's write-ahead log",
    what: /cardqr's scan history store/,
    make: (p) => ({ path: join(p.data, 'history.db-wal'), text: 'wal' }),
    skip: ['--store'],
  },
  {
    name: 'a print cache',
    what: /a print cache/,
    make: (p) => ({ path: join(p.work, '.sheet.pdf.cardqr-print', 'q1.png'), text: 'png' }),
    byName: true,
  },
  {
    name: 'a temporary file',
    what: /a temporary file of cardqr/,
    make: (p) => ({ path: join(p.work, '.x.csv.cardqr-77-0123456789abcdef.tmp'), text: 'half' }),
    byName: true,
  },
  {
    name: 'a lock file',
    what: /a lock file of cardqr/,
    make: (p) => ({ path: join(p.work, 'other.state.lock'), text: LOCK }),
  },
  {
    name: 'a lead export state',
    what: /a lead export state of cardqr/,
    make: (p) => ({ path: join(p.work, 'leads.state'), text: STATE }),
    skip: ['--state'],
  },
  {
    name: "a state's spool",
    what: /the spool of a lead export state/,
    make: (p) => (
      writeFileSync(join(p.work, 's2.state'), STATE),
      { path: join(p.work, 's2.state.spool'), text: '{"id":"lead_1"}\n' }
    ),
    byName: true,
  },
  {
    name: 'a report',
    what: /a report of cardqr/,
    make: (p) => ({ path: join(p.work, 'apply.report.ndjson'), text: REPORT }),
    skip: ['--report'],
  },
];

/** Each flag that names a file cardqr writes, as a command line around the path. */
const FLAGS: Array<{ flag: string; args: (f: string, p: Place) => string[] }> = [
  { flag: '--out', args: (f, p) => ['leads', 'export', '--state', join(p.work, 'fresh.state'), '--out', f] },
  { flag: '--state', args: (f) => ['leads', 'follow', '--state', f] },
  { flag: '--report', args: (f, p) => ['campaigns', 'import', 'cmp_native', join(p.work, 'in.csv'), '--report', f] },
  { flag: '--rejects', args: (f, p) => ['campaigns', 'import', 'cmp_native', join(p.work, 'in.csv'), '--rejects', f] },
  {
    flag: '--dead-letter',
    args: (f, p) => ['leads', 'follow', '--state', join(p.work, 'fresh.state'), '--exec', 'cat', '--dead-letter', f],
  },
  { flag: '--store', args: (f) => ['analytics', 'snapshot', '--store', f] },
  // leads replay rewrites its dead letter (the argument)
  { flag: 'the dead letter', args: (f) => ['leads', 'replay', f] },
];

const NAMES = ['as it is', 'through a symlink', 'through a hard link'] as const;

function named(how: (typeof NAMES)[number], file: string, p: Place): string | undefined {
  if (how === 'as it is') return file;
  const alias = join(p.work, `alias-${Math.random().toString(36).slice(2)}`);
  if (how === 'through a symlink') symlinkSync(file, alias);
  else if (existsSync(file)) linkSync(file, alias);
  else return undefined; // no hard link to a file that is not there
  return alias;
}

const snapshot = (path: string) => (existsSync(path) ? readFileSync(path).toString('base64') : 'absent');

describe('every file of the registry, named by every flag that writes: refused, untouched', () => {
  it('the test covers every entry of the registry', () => {
    // One KINDS row (or more) per OWN_FILES entry: a new entry without a case here fails.
    for (const entry of OWN_FILES)
      expect(
        KINDS.some((k) => k.what.test(entry.what)),
        entry.what,
      ).toBe(true);
    counts.ownFiles++;
  });

  for (const kind of KINDS) {
    for (const { flag, args } of FLAGS) {
      if (kind.skip?.includes(flag)) continue;
      it(`${flag} naming ${kind.name}: exit 2, nothing sent, the file as it was`, async () => {
        const p = place();
        writeFileSync(join(p.work, 'in.csv'), 'name\nAda\n');
        const { path, text } = kind.make(p);
        mkdirSync(join(path, '..'), { recursive: true });
        if (text !== undefined) writeFileSync(path, text);
        for (const how of NAMES) {
          if (how === 'through a hard link' && kind.byName) continue;
          const given = named(how, path, p);
          if (given === undefined) continue;
          const before = snapshot(path);
          const r = await runCli(args(given, p), { emu, env: p.env });
          expect(r.exitCode, `${how}: ${r.stderr}`).toBe(2);
          const line = r.stderr.split('\n')[0];
          expect(line, how).toContain(`error: ${flag} ${given} is `);
          expect(line, how).toMatch(kind.what);
          expect(r.stdout).toBe('');
          expect(emu.requests(), how).toEqual([]);
          expect(snapshot(path), how).toBe(before);
        }
        counts.ownFiles++;
      });
    }
  }

  it.each([
    ['print -O', (f: string) => ['print', 'qr_1', '--size', '30mm', '-O', f, '--force'], '-O'],
    ['api -O', (f: string) => ['api', 'GET', '/me', '-O', f], '-O'],
    ['image -O', (f: string) => ['image', 'qr_1', '-O', f, '--force'], '-O'],
    ['qr apply --report', (f: string) => ['qr', 'apply', join(f, '..', 'codes.csv'), '--report', f], '--report'],
    ['qr delete --report', (f: string) => ['qr', 'delete', 'qr_1', 'qr_2', '--report', f, '--yes'], '--report'],
  ])('%s naming the profile store through a symlink: refused, untouched', async (_n, args, flag) => {
    const p = place();
    const store = join(p.cfg, 'config.json');
    writeFileSync(store, STORE);
    const link = join(p.work, 'out.pdf');
    symlinkSync(store, link);
    const r = await runCli(args(link), { emu, env: p.env });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(
      `error: ${flag} ${link} is cardqr's profile store; cardqr never writes over its own files: name another file`,
    );
    expect(emu.requests()).toEqual([]);
    expect(readFileSync(store, 'utf8')).toBe(STORE);
    counts.ownFiles++;
  });
});

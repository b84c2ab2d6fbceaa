// Every line of the README's Cookbook runs, in order, against the emulator, through the built CLI
// on PATH as `cardqr` (so pipes into `xargs cardqr` work too). What a line needs from a real
// account is substituted, as the README's Cookbook says: the base URL and key come from
// CARDQR_BASE_URL / CARDQR_API_KEY (and `--profile prod` is a profile stored for the emulator), the
// placeholder ids name records of the emulator's seed, the files a line reads (ada.json,
// full-card.json, people.csv) are written first, and /var/lib/cardqr is a temporary directory. A
// cron line runs its command (the five schedule fields dropped, `\%` read as `%`, as cron does).
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { BIN, ensureFreshBuild, NODE_FIRST_PATH, ROOT } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';
import { sh } from './_sh.js';

const emu = useEmulator();

/** Placeholder → what it stands for in the emulator's default seed. */
const IDS: Record<string, string> = {
  crd_123: 'crd_jose', // no template: nothing locked, so --replace shows the API's own rule
  crd_456: 'crd_ngozi',
  qr_123: 'qr_roboconf',
  tpl_123: 'tpl_event',
  cmp_123: 'cmp_native',
};

/** Lines that end non-zero on purpose, with why (the README's own comment says so). */
const EXPECTED_EXIT: Record<string, { code: number; stderr: RegExp }> = {
  // "Deleting asks first on a terminal; scripts must say --yes": a test has no terminal.
  'cardqr cards delete crd_123 crd_456': { code: 2, stderr: /pass --yes/ },
};

type Check = (out: { stdout: string; stderr: string }) => Promise<void> | void;

/** What some lines must have done, beyond exiting 0 (checked through the emulator's store). */
const CHECKS: Record<string, Check> = {
  // --replace: the scalars not sent are cleared, the rich sections not sent are kept (api-spec PATCH).
  'cardqr cards update crd_123 --data @full-card.json --replace --yes': () => {
    const jose = emu.store.cards.find((c) => c.id === 'crd_jose');
    expect(jose?.fields.title).toBe('Lead designer');
    expect([jose?.fields.company, jose?.fields.bio]).toEqual([undefined, undefined]);
    expect(jose?.fields.emails).toEqual([expect.objectContaining({ value: 'jose@estudio-alvarez.example' })]);
    expect(jose?.fields.phones).toEqual([expect.objectContaining({ value: '+34 612 345 678' })]);
  },
  'cardqr cards list --search "temp" -q | xargs -r cardqr cards delete --yes': () => {
    expect(emu.store.cards.filter((c) => c.name.startsWith('Temp'))).toEqual([]);
    expect(emu.store.trash.map((t) => t.record.name)).toContain('Temp Booth');
  },
  'cardqr campaigns import cmp_123 people.csv --max-rows 5': () => {
    expect(
      emu.store.cards.filter((c) => c.campaignId === 'cmp_native' && /^P-300\d$/.test(c.externalId ?? '')),
    ).toHaveLength(5);
  },
  'cardqr campaigns import cmp_123 people.csv --resume': () => {
    expect(
      emu.store.cards.filter((c) => c.campaignId === 'cmp_native' && /^P-300\d$/.test(c.externalId ?? '')),
    ).toHaveLength(7);
  },
  'cardqr cards list --all -q | cardqr image - -d qr/ -f pdf': () => {
    expect(readdirSync(join(dir, 'qr')).filter((f) => f.endsWith('.pdf')).length).toBeGreaterThan(10);
  },
  "cardqr cards list --all --status published -o ndjson | jq -r '.url'": ({ stdout }) => {
    expect(
      stdout
        .trim()
        .split('\n')
        .every((l) => l.startsWith(`${emu.publicBaseUrl}/c/`)),
    ).toBe(true);
  },
  '15 * * * * cardqr --profile prod -q leads export --state /var/lib/cardqr/leads.state --out /var/lib/cardqr/leads-$(date +\\%F-\\%H).ndjson':
    () => {
      const files = readdirSync(join(dir, 'var'));
      expect(files).toContain('leads.state');
      const out = files.find((f) => /^leads-\d{4}-\d\d-\d\d-\d\d\.ndjson$/.test(f)) as string;
      expect(
        readFileSync(join(dir, 'var', out), 'utf8')
          .trim()
          .split('\n').length,
      ).toBeGreaterThan(10);
    },
  'cardqr cards create --data @ada.json': () => {
    expect(emu.store.cards.some((c) => c.fields.firstName === 'Ada' && c.fields.lastName === 'Byron')).toBe(true);
  },
};

/** The shell lines of the Cookbook block, continuation lines joined, comments and blanks left out. */
export function cookbookLines(readme: string): string[] {
  const section = readme.slice(readme.indexOf('\n## Recipes\n'));
  const block = /```sh\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.replace(/\s+# [^'"]*$/, '')); // a trailing comment (none of the commands holds " # ")
}

/** A cron line (`m h dom mon dow command`) as the command cron runs. */
function cronCommand(line: string): string {
  const m = /^(?:\S+\s+){5}(cardqr .*)$/.exec(line);
  return m ? m[1].replace(/\\%/g, '%') : line;
}

function substitute(line: string, dir: string): string {
  let out = cronCommand(line).replace(/\/var\/lib\/cardqr/g, join(dir, 'var'));
  for (const [placeholder, id] of Object.entries(IDS)) out = out.replace(new RegExp(`\\b${placeholder}\\b`, 'g'), id);
  return out;
}

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const lines = cookbookLines(readme);
let dir = '';
let env: Record<string, string> = {};

beforeAll(async () => {
  await ensureFreshBuild();
  dir = tempDir('cardqr-cookbook-');
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  mkdirSync(join(dir, 'var'));
  writeFileSync(join(bin, 'cardqr'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'cardqr'), 0o755);
  env = {
    PATH: `${bin}:${NODE_FIRST_PATH}`,
    HOME: dir,
    CARDQR_CONFIG_DIR: join(dir, 'config'),
    CARDQR_BASE_URL: emu.baseUrl,
    CARDQR_API_KEY: emu.keys.full,
  };
  writeFileSync(join(dir, 'ada.json'), JSON.stringify({ firstName: 'Ada', lastName: 'Byron', title: 'Analyst' }));
  writeFileSync(
    join(dir, 'full-card.json'),
    JSON.stringify({ firstName: 'José', lastName: 'Álvarez Peña', title: 'Lead designer' }),
  );
  const people = readFileSync(join(ROOT, 'test/fixtures/demo/people.csv'), 'utf8').split('\n');
  writeFileSync(join(dir, 'people.csv'), `${people.slice(0, 8).join('\n')}\n`);
  // `--profile prod` in the cron line: a profile stored for the emulator, as `profiles add` makes one.
  const add = await sh(
    `echo "${emu.keys.full}" | cardqr profiles add prod --base-url ${emu.baseUrl} --api-key-stdin`,
    dir,
    env,
  );
  expect(add.code, add.stderr).toBe(0);
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('README cookbook', () => {
  it('has the lines this test knows how to run, and every check names a line that exists', () => {
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((l) => l.startsWith('15 * * * * cardqr'))).toBe(true);
    for (const key of [...Object.keys(CHECKS), ...Object.keys(EXPECTED_EXIT)]) expect(lines, key).toContain(key);
  });

  it('runs every line against the emulator, in order', async () => {
    // Something for `cards list --search "temp" | xargs -r cardqr cards delete --yes` to delete (the
    // emulator is reset before each test, so it is made here).
    const temp = await sh('cardqr cards create --field firstName=Temp --field lastName=Booth', dir, env);
    expect(temp.code, temp.stderr).toBe(0);
    for (const line of lines) {
      const command = substitute(line, dir);
      const r = await sh(command, dir, env);
      const expected = EXPECTED_EXIT[line];
      if (expected) {
        expect(r.code, `${line}\n${r.stderr}`).toBe(expected.code);
        expect(r.stderr, line).toMatch(expected.stderr);
        continue;
      }
      expect(r.code, `${line}\n(ran: ${command})\n${r.stderr}`).toBe(0);
      expect(r.stderr, line).not.toMatch(/^error:/m);
      await CHECKS[line.replace(/\s+#.*$/, '')]?.(r);
    }
  }, 240_000);
});

// The README's five-minute tour runs as written: the built CLI on PATH as `cardqr`, `cardqr emulator
// --tls --port 0 --profile local` started in a fresh home, then every line of the second block in order
// against the profile it wrote; when the emulator stops, the profile goes with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureFreshBuild, NODE_FIRST_PATH, ROOT } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';
import { sh } from './_sh.js';

/** The shell blocks of the tour section, continuation lines joined, comments and blanks left out. */
export function tourBlocks(readme: string): string[][] {
  const start = readme.indexOf('\n## A five-minute tour\n');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 5));
  return [...section.matchAll(/```sh\n([\s\S]*?)\n```/g)].map((m) =>
    m[1]
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((l) => l.replace(/\s+# [^'"]*$/, '').trim())
      .filter((l) => l && !l.startsWith('#')),
  );
}

const [start, lines] = tourBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));
let dir = '';
let env: Record<string, string> = {};
let emulator: ChildProcess | undefined;
const config = () => join(dir, 'config', 'config.json');

beforeAll(async () => {
  await ensureFreshBuild();
  dir = tempDir('cardqr-tour-');
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'cardqr'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(dir, 'bin', 'cardqr'), 0o755);
  env = { PATH: `${join(dir, 'bin')}:${NODE_FIRST_PATH}`, HOME: dir, CARDQR_CONFIG_DIR: join(dir, 'config') };
  emulator = spawn('bash', ['-c', `exec ${start[0]}`], { cwd: dir, env, stdio: 'ignore' });
  for (let i = 0; i < 200 && !existsSync(config()); i++) await delay(25);
}, 120_000);

afterAll(() => {
  if (emulator?.exitCode === null) emulator.kill('SIGKILL');
});

describe('README: a five-minute tour', () => {
  it('starts the emulator with one line, which writes the profile local', () => {
    expect(start).toEqual(['cardqr emulator --tls --port 0 --profile local']);
    expect(Object.keys(JSON.parse(readFileSync(config(), 'utf8')).profiles)).toEqual(['local']);
  });

  it('every line of the tour runs against it, in order, exit 0', async () => {
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      const r = await sh(line, dir, env);
      expect(r.code, `${line}\n${r.stderr}`).toBe(0);
      if (line.includes('--query "[].id"')) expect(r.stdout).toMatch(/^crd_\w+\ncrd_\w+\ncrd_\w+\n$/);
    }
    expect(readFileSync(join(dir, 'codes.csv'), 'utf8')).toMatch(/^shortCode,name,destinationUrl,status\r?\n/);
  }, 120_000);

  it('the profile goes when the emulator stops', async () => {
    const stopped = new Promise((r) => emulator!.once('exit', r));
    emulator!.kill('SIGINT');
    await stopped;
    expect(JSON.parse(readFileSync(config(), 'utf8')).profiles).toEqual({});
  });
});

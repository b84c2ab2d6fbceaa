// `npm run demo` end to end: the real CLI (built bin/cardqr) against the real emulator, with a
// smaller CSV (--rows). Every file the demo says it made exists, and the emulator is stopped when
// the demo ends, Ctrl-C included.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, ROOT } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';

const DEMO = join(ROOT, 'scripts', 'demo.mjs');

interface DemoRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function runDemo(
  args: string[],
  cwd: string,
  onStdout?: (text: string, child: ReturnType<typeof spawn>) => void,
): Promise<DemoRun> {
  return new Promise((done) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.CARDQR_API_KEY;
    delete env.CARDQR_BASE_URL;
    const child = spawn(process.execPath, [DEMO, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr }));
  });
}

/** True once nothing answers at the URL (the emulator gets a moment to close). */
async function stopped(baseUrl: string): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`${baseUrl}/me`, { signal: AbortSignal.timeout(2000) });
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const emulatorUrl = (stdout: string) => /emulator running at (\S+)/.exec(stdout)?.[1];

beforeAll(async () => {
  await ensureFreshBuild();
}, 180_000);

describe('npm run demo', () => {
  it('imports people, saves their QR images, shows analytics, exports leads, and lists what it made', async () => {
    const cwd = tempDir('cardqr-demo-test-');
    const r = await runDemo(['--rows', '4', '--out', 'out'], cwd);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);

    // The closing list: "What was made, in <dir>:" then "  - <path in dir>: <what>".
    const list = r.stdout.slice(r.stdout.indexOf('What was made'));
    const dir = /^What was made, in (\S+):$/m.exec(list)?.[1];
    expect(dir).toBe('./out');
    const made = [...list.matchAll(/^ {2}- (\S+): /gm)].map((m) => resolve(cwd, dir!, m[1]));
    expect(made.length).toBeGreaterThanOrEqual(5);
    for (const path of made) expect(() => statSync(path), path).not.toThrow();

    const out = join(cwd, 'out');
    const report = readFileSync(join(out, 'import.report.ndjson'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(report.filter((l) => l.outcome === 'created')).toHaveLength(4);
    const images = readdirSync(join(out, 'qr'));
    expect(images).toHaveLength(4);
    for (const f of images)
      expect(
        readFileSync(join(out, 'qr', f))
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    const leads = readFileSync(join(out, 'leads.ndjson'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(leads.length).toBeGreaterThan(0);
    expect(leads.every((l) => l.object === 'lead')).toBe(true);
    const analytics = readdirSync(out).find((f) => f.startsWith('analytics-'));
    expect(JSON.parse(readFileSync(join(out, analytics!), 'utf8'))).toMatchObject({
      object: 'scan_stats',
      totalScans: expect.any(Number),
    });
    expect(readFileSync(join(out, 'leads-next-run.ndjson'), 'utf8')).toBe(''); // nothing new on the second run
    // It ends by also writing the leads as vCards and as a HubSpot CSV, and names both.
    expect(list).toMatch(/^ {2}- leads\.vcf: \d+ leads as vCards/m);
    expect(list).toMatch(/^ {2}- leads-hubspot\.csv: \d+ leads as a HubSpot contacts import/m);
    const vcards = readFileSync(join(out, 'leads.vcf'), 'utf8');
    expect(vcards.match(/BEGIN:VCARD\r\n/g)?.length).toBe(leads.filter((l) => !l.locked).length);
    const hubspot = readFileSync(join(out, 'leads-hubspot.csv'), 'utf8').split('\r\n');
    expect(hubspot[0]).toMatch(/^First Name,Last Name,Email,Phone Number,Company Name,Job Title,/);

    const url = emulatorUrl(r.stdout);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(await stopped(url!)).toBe(true);
  }, 180_000);

  it('stops the emulator on Ctrl-C and exits 130', async () => {
    const cwd = tempDir('cardqr-demo-int-');
    let sent = false;
    const r = await runDemo(['--rows', '2', '--out', 'out'], cwd, (stdout, child) => {
      if (!sent && emulatorUrl(stdout)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    expect(sent).toBe(true);
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('demo interrupted: stopping the emulator');
    expect(await stopped(emulatorUrl(r.stdout)!)).toBe(true);
  }, 60_000);
});

// Issue 14, items 7 and 8: the key never shows in any form a server might echo it in, and input
// beyond a limit (deep JSON, huge CSV rows, empty ids, a key with a control character) is an input
// error found before anything is sent (exit 2).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partnersCsv } from '../jobs/import/_files.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';
import { countHostileCases, json, list, me, runAgainst, useHostile, useTempDirs, type Hostile } from './_hostile.js';
import { expectNoStack, useCounters } from './_support.js';

const counts = useCounters('hostile-secrets-input');
countHostileCases(counts);
const hostile = useHostile();
const emu = useEmulator();
const temp = useTempDirs();

const KEY = 'cq_live_echo_7Hq2Xm9Vk4Lr8TzW';
const SECRET = KEY.slice('cq_live_echo_'.length);
const b64 = (s: string) => Buffer.from(s).toString('base64');
const FORMS: Record<string, (key: string) => string> = {
  'the key': (k) => k,
  'a prefix (key minus its last 6)': (k) => k.slice(0, -6),
  'upper-cased': (k) => k.toUpperCase(),
  'lower-cased': (k) => k.toLowerCase(),
  reversed: (k) => [...k].reverse().join(''),
  'base64 of "Bearer <key>"': (k) => b64(`Bearer ${k}`),
  'base64 of "user:<key>" (basic auth)': (k) => b64(`user:${k}`),
  'base64url of the key': (k) => Buffer.from(k).toString('base64url'),
  hex: (k) => Buffer.from(k).toString('hex'),
};

/** A server that answers every request with an error echoing the credentials in every form. */
function echoing(): Promise<Hostile> {
  return hostile((req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const all = Object.entries(FORMS)
      .map(([name, f]) => `${name}=${f(key)}`)
      .join(' | ');
    json(
      res,
      422,
      {
        error: {
          code: 'validation_failed',
          message: `rejected ${all}`,
          details: Object.entries(FORMS).map(([name, f]) => ({ field: name, message: f(key) })),
        },
      },
      { 'request-id': `req_${b64(key)}` },
    );
  });
}

/** No 8 characters of the secret part (after the key's readable label), in any of the forms, anywhere in the text. */
function expectNoForm(text: string, secret: string): void {
  const lower = text.toLowerCase();
  const forms = [secret, secret.toUpperCase(), [...secret].reverse().join(''), Buffer.from(secret).toString('hex')];
  // Encodings of the secret at each byte alignment, without the edge characters that depend on its neighbours.
  for (let skip = 0; skip < 3; skip++) {
    for (const enc of ['base64', 'base64url'] as const)
      forms.push(Buffer.from(secret.slice(skip)).toString(enc).replace(/=+$/, '').slice(0, -2));
  }
  for (const form of forms) {
    for (let i = 0; i + 8 <= form.length; i++)
      expect(lower, form.slice(i, i + 8)).not.toContain(form.slice(i, i + 8).toLowerCase());
  }
}

describe('7. the key never shows, in any form', () => {
  it('a server echoing the key upper-cased, reversed, base64, hex or cut short: none of it reaches the output, even with --verbose and -o json', async () => {
    const h = await echoing();
    for (const extra of [[], ['--verbose'], ['-o', 'json']]) {
      const r = await runAgainst(h, ['cards', 'get', 'crd_x', ...extra], KEY, temp());
      expect(r.exitCode).toBe(5);
      expectNoForm(r.stdout + r.stderr, SECRET);
      expect(r.stderr).toMatch(/rejected the key=cq_liv\*\*\*\* /); // the start of the readable label stays, the secret does not
      counts.faults++;
    }
  });

  it('a key under 8 characters is masked whole, and --verbose shows none of it', async () => {
    const h = await echoing();
    const short = 'Zk41Qp';
    const r = await runAgainst(h, ['cards', 'get', 'crd_x', '--verbose'], short, temp());
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toContain('Authorization: Bearer ****');
    expect(r.stderr).not.toMatch(/Bearer \*\*\*\*\w/);
    for (const form of [short, short.toUpperCase(), short.toLowerCase(), [...short].reverse().join('')])
      expect(r.stderr).not.toContain(form);
    counts.faults++;
  });

  it('api GET /cards --param api_key=<key> --verbose: the query value is masked', async () => {
    const h = await hostile((_req, res) => json(res, 200, list([], 0, 0, false)));
    const r = await runAgainst(
      h,
      ['api', 'GET', '/cards', '--param', `api_key=${KEY}`, '--param', 'token=t0ps3cr3t', '--verbose'],
      KEY,
      temp(),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/api_key=\*\*\*\*/);
    expect(r.stderr).not.toContain('t0ps3cr3t');
    expectNoForm(r.stderr, SECRET);
  });

  it('a base URL with user:password@ is refused (exit 2) without printing the password', async () => {
    const h = await hostile((_req, res) => json(res, 200, me));
    const url = h.baseUrl.replace('http://', 'http://admin:hunter2secret@');
    for (const args of [['me'], ['profiles', 'add', 'p', '--base-url', url, '--api-key-stdin']]) {
      const r = await runCli(args, {
        configDir: temp(),
        stdin: KEY,
        env: { CARDQR_BASE_URL: url, CARDQR_API_KEY: KEY },
      });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(/credentials in the URL \(user:password@\) are refused/);
      expect(r.stderr).not.toContain('hunter2');
      counts.badInputs++;
    }
    expect(h.requests).toHaveLength(0);
  });

  it('a hand-broken config: the parse error shows no part of the file', async () => {
    const dir = temp();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(dir, 'config.json'),
      `{"profiles": {"p": {"name": "p", "baseUrl": "http://127.0.0.1:9/v1", "apiKey": ${KEY}}}}`,
      { mode: 0o600 },
    );
    const r = await runCli(['cards', 'list', '--profile', 'p'], { configDir: dir });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toMatch(/not valid JSON \(no part of it is shown/);
    expectNoForm(r.stderr, SECRET);
    expect(r.stderr).not.toContain('cq_live');
    expectNoStack(r.stderr);
    counts.badInputs++;
  });

  it.each([
    ['a trailing carriage return', `${KEY}\r`, /the API key has a control character/],
    ['a tab inside', `${KEY.slice(0, 10)}\t${KEY.slice(10)}`, /the API key has a control character/],
    ['a non-ASCII character', `${KEY}é`, /the API key has a space or a non-ASCII character/],
  ])('a key with %s (CARDQR_API_KEY): exit 2, nothing sent', async (_n, key, message) => {
    const h = await hostile((_req, res) => json(res, 200, me));
    const r = await runAgainst(h, ['me'], key, temp());
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringMatching(message)]);
    expect(h.requests).toHaveLength(0);
    counts.badInputs++;
  });
});

describe('8. input limits end in exit 2, before sending', () => {
  it('--data nested 100,000 levels deep (inline, and from a file): exit 2, one line, nothing sent', async () => {
    const h = await hostile((_req, res) => json(res, 200, {}));
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const dir = temp();
    writeFileSync(join(dir, 'deep.json'), `{"fields": ${'{"a":'.repeat(65)}1${'}'.repeat(65)}}`);
    for (const args of [
      ['api', 'POST', '/cards', '--data', deep],
      ['cards', 'create', '--data', `@${join(dir, 'deep.json')}`],
    ]) {
      const r = await runAgainst(h, args, KEY, dir);
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^error: --data: .* nests (over 10000|\d+) levels deep; at most 64 are accepted\n$/);
      counts.badInputs++;
    }
    // At the limit is fine (the API judges the content).
    const ok = await runAgainst(h, ['api', 'POST', '/cards', '--data', '['.repeat(64) + ']'.repeat(64)], KEY, dir);
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(h.requests).toHaveLength(1);
  });

  it.each([
    [['cards', 'get', '']],
    [['cards', 'get', '  ']],
    [['cards', 'delete', '', '--yes']],
    [['cards', 'delete', 'crd_ok', '', '--yes']],
    [['qr', 'get', '']],
    [['leads', 'get', '']],
    [['cards', 'get', 'crd_\n1']],
  ])('%j: exit 2, nothing sent', async (args) => {
    const h = await hostile((_req, res) => json(res, 200, {}));
    const r = await runAgainst(h, args, KEY, temp());
    expect([r.exitCode, r.stderr]).toEqual([
      2,
      expect.stringMatching(/^error: (an empty id|the id .* has a control character|"" is not an id)/),
    ]);
    expect(h.requests).toHaveLength(0);
    counts.badInputs++;
  });

  it('a CSV row over 4 MiB: exit 2 naming the line, before any card is created', async () => {
    const dir = temp();
    const file = join(dir, 'big.csv');
    writeFileSync(
      file,
      `${partnersCsv(0).split('\n')[0]}\nP-1,Ann,Lee,Acme,Work,a@example.com\nP-2,${'x'.repeat(5 * 1024 * 1024)},L,Acme,Work,b@example.com\n`,
    );
    const before = emu.store.cards.length;
    const r = await runCli(['campaigns', 'import', 'cmp_mapped', file], { emu, configDir: dir });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/the row starting near line 3 is longer than 4 MiB/);
    expect(emu.store.cards.length).toBe(before);
    counts.badInputs++;
  });
});

// The one path to a run's credentials (src/config/credentials.ts): which base URL, which key and where
// the key came from, decided in one pass over the flags, the environment and the profile store.
import { describe, expect, it } from 'vitest';
import {
  environmentCredentials,
  givenBaseUrl,
  MissingCredentialError,
  resolveCredentials,
} from '../../src/config/credentials.js';
import { ProfileStore } from '../../src/config/profiles.js';
import { tempDir } from '../helpers/run-cli.js';

async function store() {
  const s = new ProfileStore(tempDir());
  await s.save({ name: 'p1', baseUrl: 'https://one.example.com/v1', apiKey: 'key-one', requestsPerMinute: 60 }, true);
  await s.save({ name: 'p2', baseUrl: 'https://two.example.com/v1', apiKey: 'key-two' }, false);
  await s.save(
    { name: 'cmd', baseUrl: 'https://cmd.example.com/v1', keyCommand: 'echo key-from-command', requestsPerMinute: 30 },
    false,
  );
  return s;
}
const stdin = (key: string) => async () => key;

describe('credentials: flag > environment > profile > key command', () => {
  it('the default profile alone: its key and its rate limit', async () => {
    const c = await resolveCredentials({ flags: {}, env: {}, store: await store() });
    expect(c).toMatchObject({
      baseUrl: 'https://one.example.com/v1',
      key: 'key-one',
      keyFrom: 'profile',
      requestsPerMinute: 60,
    });
    expect(c.profile?.name).toBe('p1');
  });

  it('the environment beats the profile (and drops its rate limit: another key)', async () => {
    const env = { CARDQR_BASE_URL: 'https://env.example.com/v1', CARDQR_API_KEY: 'env-key', CARDQR_PROFILE: 'p2' };
    const c = await resolveCredentials({ flags: {}, env, store: await store() });
    expect([c.baseUrl, c.key, c.keyFrom, c.profile?.name, c.requestsPerMinute]).toEqual([
      'https://env.example.com/v1',
      'env-key',
      'environment',
      'p2',
      undefined,
    ]);
  });

  it('flags beat the environment; --api-key-stdin beats every key', async () => {
    const env = { CARDQR_BASE_URL: 'https://env.example.com/v1', CARDQR_API_KEY: 'env-key' };
    const c = await resolveCredentials({
      flags: { baseUrl: 'https://flag.example.com/v1', profile: 'p1', apiKeyStdin: true },
      env,
      store: await store(),
      readStdinKey: stdin('stdin-key'),
    });
    expect([c.baseUrl, c.key, c.keyFrom, c.profile?.name, c.requestsPerMinute]).toEqual([
      'https://flag.example.com/v1',
      'stdin-key',
      'stdin',
      'p1',
      undefined,
    ]);
  });

  it("the same key in the environment as in the profile is still the environment's (no guessing from the text)", async () => {
    const c = await resolveCredentials({ flags: {}, env: { CARDQR_API_KEY: 'key-one' }, store: await store() });
    expect([c.keyFrom, c.requestsPerMinute]).toEqual(['environment', undefined]);
  });

  it("an empty or blank CARDQR_API_KEY is no key: the profile's is used", async () => {
    for (const blank of ['', '  '])
      expect(
        (await resolveCredentials({ flags: {}, env: { CARDQR_API_KEY: blank }, store: await store() })).keyFrom,
      ).toBe('profile');
  });

  it('an empty or blank CARDQR_BASE_URL or CARDQR_PROFILE (or the flag commander fills from it) is unset: the profile decides', async () => {
    for (const blank of ['', '  ']) {
      const fromEnv = await resolveCredentials({
        flags: {},
        env: { CARDQR_BASE_URL: blank, CARDQR_PROFILE: blank },
        store: await store(),
      });
      expect([fromEnv.baseUrl, fromEnv.profile?.name]).toEqual(['https://one.example.com/v1', 'p1']);
      const fromFlags = await resolveCredentials({
        flags: { baseUrl: blank, profile: blank },
        env: {},
        store: await store(),
      });
      expect([fromFlags.baseUrl, fromFlags.profile?.name]).toEqual(['https://one.example.com/v1', 'p1']);
      const named = await resolveCredentials({
        flags: { baseUrl: blank, profile: 'p2' },
        env: {},
        store: await store(),
      });
      expect(named.baseUrl).toBe('https://two.example.com/v1');
    }
  });

  it('the key command runs only when nothing before it gave a key', async () => {
    const s = await store();
    const c = await resolveCredentials({ flags: { profile: 'cmd' }, env: {}, store: s });
    expect([c.key, c.keyFrom, c.requestsPerMinute]).toEqual(['key-from-command', 'key command', 30]);
    // With a key in the environment the command is never run: a command that would fail proves it.
    await s.save({ name: 'broken', baseUrl: 'https://cmd.example.com/v1', keyCommand: 'exit 3' }, false);
    const e = await resolveCredentials({ flags: { profile: 'broken' }, env: { CARDQR_API_KEY: 'env-key' }, store: s });
    expect(e.keyFrom).toBe('environment');
    await expect(resolveCredentials({ flags: { profile: 'broken' }, env: {}, store: s })).rejects.toThrow(
      /key command of profile "broken" failed \(exit status 3\)/,
    );
  });

  it('a refused base URL stops before a key command is run', async () => {
    const s = await store();
    await s.save({ name: 'loud', baseUrl: 'https://cmd.example.com/v1', keyCommand: 'exit 3' }, false);
    await expect(
      resolveCredentials({ flags: { profile: 'loud', baseUrl: 'http://api.example.com/v1' }, env: {}, store: s }),
    ).rejects.toThrow(/refusing plain http/);
  });

  it('a given profile (status, profiles add) ignores CARDQR_API_KEY and CARDQR_PROFILE; null is no profile', async () => {
    const s = await store();
    const p2 = s.get('p2')!;
    const env = { CARDQR_API_KEY: 'env-key', CARDQR_PROFILE: 'p1' };
    const c = await resolveCredentials({ flags: {}, env, store: s, profile: p2 });
    expect([c.key, c.keyFrom, c.profile?.name]).toEqual(['key-two', 'profile', 'p2']);
    await expect(
      resolveCredentials({ flags: {}, env: { CARDQR_API_KEY: 'k' }, store: s, profile: null }),
    ).rejects.toThrow(MissingCredentialError);
  });

  it('a key asked at a terminal (profiles add) comes after --api-key-stdin and before CARDQR_API_KEY; its answer is final', async () => {
    const s = await store();
    const env = { CARDQR_BASE_URL: 'https://env.example.com/v1', CARDQR_API_KEY: 'env-key' };
    const asked = (key: string) => async () => key;
    const typed = await resolveCredentials({ flags: {}, env, store: s, profile: null, askKey: asked('typed-key') });
    expect([typed.key, typed.keyFrom]).toEqual(['typed-key', 'question']);
    const piped = await resolveCredentials({
      flags: { apiKeyStdin: true },
      env,
      store: s,
      profile: null,
      readStdinKey: stdin('stdin-key'),
      askKey: () => Promise.reject(new Error('never asked')),
    });
    expect([piped.key, piped.keyFrom]).toEqual(['stdin-key', 'stdin']);
    // Enter alone is an empty answer, not a reason to take CARDQR_API_KEY instead.
    const empty = await resolveCredentials({ flags: {}, env, store: s, profile: null, askKey: asked('') });
    expect([empty.key, empty.keyFrom]).toEqual(['', 'question']);
    // Off a terminal (no question) the environment's key is the one.
    const off = await resolveCredentials({ flags: {}, env, store: s, profile: null });
    expect([off.key, off.keyFrom]).toEqual(['env-key', 'environment']);
  });

  it("the environment's own credentials (status's row): only when CARDQR_API_KEY is set, with no profile", async () => {
    const s = await store();
    expect(environmentCredentials({ flags: {}, env: { CARDQR_API_KEY: ' ' }, store: s })).toBeUndefined();
    const env = { CARDQR_API_KEY: 'env-key', CARDQR_BASE_URL: 'https://env.example.com/v1', CARDQR_PROFILE: 'p2' };
    const c = await environmentCredentials({ flags: {}, env, store: s })!();
    expect([c.baseUrl, c.key, c.keyFrom, c.profile]).toEqual([
      'https://env.example.com/v1',
      'env-key',
      'environment',
      undefined,
    ]);
    const flag = await environmentCredentials({ flags: { baseUrl: 'https://flag.example.com/v1' }, env, store: s })!();
    expect(flag.baseUrl).toBe('https://flag.example.com/v1');
    const noBase = await environmentCredentials({ flags: {}, env: { CARDQR_API_KEY: 'k' }, store: s })!().catch(
      (e) => e,
    );
    expect([noBase instanceof MissingCredentialError, noBase.missing]).toEqual([true, 'base URL']);
    expect([
      givenBaseUrl({ baseUrl: ' ' }, { CARDQR_BASE_URL: 'https://e.example.com/v1' }),
      givenBaseUrl({}, {}),
    ]).toEqual(['https://e.example.com/v1', undefined]);
  });

  it('what is missing is named and typed', async () => {
    const empty = new ProfileStore(tempDir());
    const noBase = await resolveCredentials({ flags: {}, env: { CARDQR_API_KEY: 'k' }, store: empty }).catch((e) => e);
    expect(noBase).toBeInstanceOf(MissingCredentialError);
    expect([noBase.missing, noBase.message]).toEqual(['base URL', expect.stringMatching(/^no API base URL/)]);
    const noKey = await resolveCredentials({
      flags: {},
      env: { CARDQR_BASE_URL: 'https://x.example.com/v1' },
      store: empty,
    }).catch((e) => e);
    expect([noKey.missing, noKey.message]).toEqual(['key', expect.stringMatching(/^no API key/)]);
  });

  it('an unknown profile is a usage error naming the known ones', async () => {
    await expect(resolveCredentials({ flags: { profile: 'nope' }, env: {}, store: await store() })).rejects.toThrow(
      /no profile named "nope" \(profiles: cmd, p1, p2\)/,
    );
  });
});

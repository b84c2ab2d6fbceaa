// The one path from the flags, the environment and the profile store to the credentials of a run
// (PRODUCT §2): base URL by --base-url > CARDQR_BASE_URL > the profile; key by --api-key-stdin >
// CARDQR_API_KEY > the profile's stored key > the profile's key command (run only when nothing before
// it gave a key). The profile is chosen once: --profile > CARDQR_PROFILE > the default profile.
// `cardqr status` (each stored profile, and the environment's own row) and `profiles add` (the key it
// stores, asked at a terminal before CARDQR_API_KEY: PRODUCT §3) resolve through here too.
import { UsageError } from '../errors.js';
import type { Profile, ProfileStore } from './profiles.js';
import { checkBaseUrl, type GlobalOptions } from './settings.js';

/** Where the key of a run came from (words and exit statuses never guess it from the key's text). */
export type KeyFrom = 'stdin' | 'question' | 'environment' | 'profile' | 'key command';

export interface Credentials {
  baseUrl: string;
  key: string;
  keyFrom: KeyFrom;
  profile?: Profile;
  /** The profile's stored rate limit; only for that profile's own key. */
  requestsPerMinute?: number;
  /**
   * The profile's CA file (absolute path), added to the CAs every https request trusts (PRODUCT §15);
   * kept whatever gave the key or base URL: trust is not a secret, and it only ever adds. Read and
   * checked (config/ca-file.ts) before the first request.
   */
  caFile?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

export interface CredentialSources {
  flags: Pick<GlobalOptions, 'profile' | 'baseUrl' | 'apiKeyStdin'>;
  env: Env;
  store: ProfileStore;
  /** Reads the first line of standard input (only called with --api-key-stdin). */
  readStdinKey?: () => Promise<string>;
  /**
   * The profile to use instead of choosing one by --profile, CARDQR_PROFILE and the default
   * (`status` checks each stored profile; `profiles add` checks the one it is about to store);
   * null: no profile at all (the environment's key alone).
   */
  profile?: Profile | null;
  /**
   * Asks for the key at a terminal. Only `profiles add` gives it (PRODUCT §3: on a terminal it asks for
   * the key), so it comes after --api-key-stdin and before CARDQR_API_KEY; its answer is final, even
   * empty. A run never asks for its key.
   */
  askKey?: () => Promise<string>;
}

/**
 * The key in CARDQR_API_KEY, read here only. Blank is unset; otherwise it is used exactly as given, so
 * a stray carriage return is refused by the client's check rather than silently cut.
 */
function environmentKey(env: Env): string | undefined {
  return given(env.CARDQR_API_KEY);
}

/** The base URL --base-url or CARDQR_BASE_URL gives (blank is unset), before any profile's. */
export function givenBaseUrl(flags: Pick<GlobalOptions, 'baseUrl'>, env: Env): string | undefined {
  return given(flags.baseUrl) ?? given(env.CARDQR_BASE_URL);
}

/**
 * The environment's own credentials, checked by `status` as a row of their own: CARDQR_API_KEY with
 * --base-url or CARDQR_BASE_URL, and no profile. Undefined when CARDQR_API_KEY is unset (no such row).
 */
export function environmentCredentials(
  s: Pick<CredentialSources, 'flags' | 'env' | 'store'>,
): (() => Promise<Credentials>) | undefined {
  if (!environmentKey(s.env)) return undefined;
  return () => resolveCredentials({ flags: { baseUrl: s.flags.baseUrl }, env: s.env, store: s.store, profile: null });
}

/**
 * A value that says something: an empty or blank one (`CARDQR_BASE_URL= cardqr …`, a variable exported
 * empty; commander also hands the environment's empty value over as the flag's) counts as unset, for
 * the key, the base URL and the profile alike.
 */
function given(value: string | undefined): string | undefined {
  return value?.trim() ? value : undefined;
}

/** The profile named for this run (--profile > CARDQR_PROFILE), if any; else the default one applies. */
export function chosenProfileName(flags: Pick<GlobalOptions, 'profile'>, env: Env): string | undefined {
  return given(flags.profile) ?? given(env.CARDQR_PROFILE);
}

/** The missing piece, typed so that `status` can show it as a row state. */
export class MissingCredentialError extends UsageError {
  constructor(
    readonly missing: 'base URL' | 'key',
    message: string,
  ) {
    super(message);
  }
}

export async function resolveCredentials(s: CredentialSources): Promise<Credentials> {
  // A given profile is the only source besides the flags: the environment's base URL and key are not
  // that profile's (status shows the environment's key as its own row, with no profile).
  const givenProfile = s.profile !== undefined && s.profile !== null;
  const profile = s.profile === undefined ? chooseProfile(s.flags, s.env, s.store) : (s.profile ?? undefined);
  const rawBase = (givenProfile ? given(s.flags.baseUrl) : givenBaseUrl(s.flags, s.env)) ?? profile?.baseUrl;
  if (!rawBase)
    throw new MissingCredentialError(
      'base URL',
      'no API base URL: add a profile with `cardqr profiles add`, or pass --base-url / set CARDQR_BASE_URL',
    );
  const baseUrl = checkBaseUrl(rawBase);
  const found = await findKey(s, profile, givenProfile);
  if (!found)
    throw new MissingCredentialError(
      'key',
      'no API key: add a profile with `cardqr profiles add`, or use --api-key-stdin / CARDQR_API_KEY',
    );
  const own = found.keyFrom === 'profile' || found.keyFrom === 'key command';
  return {
    baseUrl,
    ...found,
    profile,
    requestsPerMinute: own ? profile?.requestsPerMinute : undefined,
    ...(profile?.caFile ? { caFile: profile.caFile } : {}),
  };
}

async function findKey(
  s: CredentialSources,
  profile: Profile | undefined,
  given: boolean,
): Promise<Pick<Credentials, 'key' | 'keyFrom'> | undefined> {
  if (s.flags.apiKeyStdin) {
    if (!s.readStdinKey) throw new UsageError('--api-key-stdin is not read here');
    return { key: await s.readStdinKey(), keyFrom: 'stdin' };
  }
  if (s.askKey) return { key: await s.askKey(), keyFrom: 'question' };
  const env = given ? undefined : environmentKey(s.env);
  if (env) return { key: env, keyFrom: 'environment' };
  if (profile?.apiKey) return { key: profile.apiKey, keyFrom: 'profile' };
  if (profile?.keyCommand) {
    const { runKeyCommand, keyCommandTimeoutMs } = await import('./key-command.js');
    const key = await runKeyCommand(profile.keyCommand, {
      profile: profile.name,
      timeoutMs: keyCommandTimeoutMs(s.env),
    });
    return { key, keyFrom: 'key command' };
  }
  return undefined;
}

function chooseProfile(flags: CredentialSources['flags'], env: Env, store: ProfileStore): Profile | undefined {
  const name = chosenProfileName(flags, env);
  if (name !== undefined) {
    const found = store.get(name);
    if (!found) {
      const known = store.list().map((p) => p.name);
      throw new UsageError(
        `no profile named "${name}"` +
          (known.length ? ` (profiles: ${known.join(', ')})` : '; add one with `cardqr profiles add`'),
      );
    }
    return found;
  }
  const def = store.defaultName();
  return def ? store.get(def) : undefined;
}

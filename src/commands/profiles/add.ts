import { checkKeyCharacters } from '../../redact.js';
import { givenBaseUrl, type KeyFrom, MissingCredentialError, resolveCredentials } from '../../config/credentials.js';
import { checkBaseUrl } from '../../config/settings.js';
import type { Profile } from '../../config/profiles.js';
import type { Context } from '../../context.js';
import { ApiError, CliError, EXIT, QuestionCancelled, UsageError } from '../../errors.js';
import { defineCommand } from '../model/define.js';
import { argument, flag, value } from '../model/fields.js';
import { none } from '../model/result.js';
import { askedCaFile, caFileFlag, checkedCaFile, setCaFile } from './ca-file.js';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export const profilesAdd = defineCommand({
  name: 'add',
  summary:
    'Add (or replace) a profile: base URL and API key, verified with GET /me; with only --ca-file, set the CA file of a stored profile',
  args: { name: argument('<name>', 'profile name (letters, digits, . _ -)') },
  flags: {
    default: flag('--default', 'make it the default profile'),
    verify: flag('--no-verify', 'store without calling GET /me'),
    apiKeyCommand: value(
      '--api-key-command <cmd>',
      "store this command instead of the key: each run executes it (sh -c, 30 s timeout) and uses the first line it prints, e.g. 'pass show cardqr/prod'",
    ),
    caFile: caFileFlag,
  },
  examples: [
    'cardqr profiles add prod --base-url https://api.example.com/v1 --default',
    'pass show cardqr | cardqr profiles add ci --base-url https://api.example.com/v1 --api-key-stdin',
    "cardqr profiles add prod --base-url https://api.example.com/v1 --api-key-command 'op read op://Private/cardqr/credential'",
    'cardqr profiles add corp --base-url https://cardqr.corp.example/v1 --ca-file ~/corp-root-ca.pem',
    'cardqr profiles add prod --ca-file ./corp-root-ca.pem   # a stored profile: only its CA file changes',
  ],
  async run(ctx, { name, ...flags }) {
    if (!NAME.test(name))
      throw new UsageError(`invalid profile name "${name}": use letters, digits, ".", "_" or "-" (up to 64)`);
    const verify = flags.verify !== false;
    const store = ctx.profiles();
    const existing = store.get(name);
    const caAsked = askedCaFile(flags.caFile);
    // A stored profile and nothing but its CA file to change: the key is not asked for again.
    if (
      existing &&
      caAsked !== undefined &&
      ctx.globals.baseUrl === undefined &&
      !ctx.globals.apiKeyStdin &&
      flags.apiKeyCommand === undefined
    ) {
      await setCaFile(ctx, existing, caAsked, verify);
      if (flags.default) await store.setDefault(name);
      return none;
    }
    // Checked before the key is asked for: a wrong path costs no typing.
    const caFile =
      caAsked === undefined ? existing?.caFile : caAsked === null ? undefined : await checkedCaFile(caAsked, name);
    const rawBase = givenBaseUrl(ctx.globals, ctx.env);
    if (!rawBase) throw new UsageError('profiles add needs --base-url <url> (e.g. https://api.example.com/v1)');
    const baseUrl = checkBaseUrl(rawBase);
    const keyCommand = flags.apiKeyCommand?.trim();
    if (flags.apiKeyCommand !== undefined && !keyCommand)
      throw new UsageError('--api-key-command needs a command, e.g. --api-key-command "pass show cardqr/prod"');
    if (keyCommand && ctx.globals.apiKeyStdin)
      throw new UsageError('--api-key-command and --api-key-stdin do not go together: the profile keeps one of them');
    // With a command, the key is read (to verify it) and never written anywhere.
    const found = keyCommand ? await commandKey(ctx, { name, baseUrl, keyCommand }, verify) : await newKey(ctx);
    const profile: Profile = keyCommand ? { name, baseUrl, keyCommand } : { name, baseUrl, apiKey: found!.key };
    if (caFile) profile.caFile = caFile;
    if (verify) Object.assign(profile, await verifyKey(ctx, profile, found!.key, KEY_FROM[found!.keyFrom]));
    const replaced = store.get(name) !== undefined;
    await store.save(profile, Boolean(flags.default));
    const who = profile.account?.email ? ` for ${profile.account.email} (${profile.account.plan})` : '';
    const where = keyCommand ? '; its key comes from the command on each run (not stored)' : '';
    const ca = !caFile
      ? ''
      : caAsked === undefined
        ? `; kept its CA file ${caFile} (--no-ca-file drops it)`
        : `; trusts the CA file ${caFile}`;
    ctx.msg.info(
      `${replaced ? 'replaced' : 'saved'} profile "${name}"${who}${store.defaultName() === name ? ' (default)' : ''} in ${store.file}${where}${ca}`,
    );
    return none;
  },
});

/** How the refusal of a key names it ("the API key read with --api-key-stdin was refused …"). */
const KEY_FROM: Record<KeyFrom, string> = {
  stdin: 'read with --api-key-stdin',
  question: 'typed at the prompt',
  environment: 'from CARDQR_API_KEY',
  profile: 'stored in the profile',
  'key command': 'printed by --api-key-command',
};

interface FoundKey {
  key: string;
  keyFrom: KeyFrom;
}

/** Runs the key command once now (unless --no-verify) so a broken command is caught at add time. */
async function commandKey(ctx: Context, profile: Profile, verify: boolean): Promise<FoundKey | undefined> {
  if (!verify) return undefined;
  return resolveCredentials({ flags: {}, env: ctx.env, store: ctx.profiles(), profile });
}

/**
 * The key to store, by the one path (config/credentials.ts) with no profile: --api-key-stdin, else
 * asked on a terminal (PRODUCT §3), else CARDQR_API_KEY.
 */
async function newKey(ctx: Context): Promise<FoundKey> {
  const terminal = ctx.io.isStdinTTY && ctx.io.isStderrTTY;
  const found = await resolveCredentials({
    flags: { baseUrl: ctx.globals.baseUrl, apiKeyStdin: ctx.globals.apiKeyStdin },
    env: ctx.env,
    store: ctx.profiles(),
    profile: null,
    readStdinKey: async () => (await ctx.readStdin({ firstLine: true, what: '--api-key-stdin' })).split(/\r?\n/)[0],
    askKey: terminal ? () => askKey(ctx) : undefined,
  }).catch((e: unknown) => {
    if (e instanceof MissingCredentialError && e.missing === 'key') return undefined;
    throw e;
  });
  const key = found?.key.trim();
  if (!found || !key)
    throw new UsageError('no API key given: type it when asked on a terminal, or pipe it with --api-key-stdin');
  if (/\s/.test(key)) throw new UsageError('the API key contains white space; check what was pasted');
  checkKeyCharacters(key);
  return { key, keyFrom: found.keyFrom };
}

function askKey(ctx: Context): Promise<string> {
  return ctx.prompt('API key (input hidden): ', { hidden: true }).catch((e: unknown) => {
    if (e instanceof QuestionCancelled) throw new QuestionCancelled('cancelled at the question: no profile was saved');
    throw e;
  });
}

async function verifyKey(ctx: Context, profile: Profile, apiKey: string, keyFrom: string): Promise<Partial<Profile>> {
  const { name, baseUrl } = profile;
  const { getMe } = await import('../../api/me.js');
  const client = await ctx.clientFor(baseUrl, apiKey, { caFile: profile.caFile, profile: name });
  try {
    const me = await getMe(client).catch((e: unknown) => {
      // The profile is not saved yet: say which key was refused, not how to inspect a stored profile.
      if (e instanceof ApiError && e.exit === EXIT.auth)
        throw new CliError(
          `the API key ${keyFrom} was refused by ${baseUrl} (${e.code ?? `HTTP ${e.status}`}): profile "${name}" was not saved`,
          EXIT.auth,
          ['check the key in the dashboard (API keys) and its scopes, then run profiles add again'],
        );
      throw e;
    });
    return {
      keyId: me.key.id,
      keyName: me.key.name,
      account: me.account,
      scopes: me.scopes.flatMap((s) => (typeof s.scope === 'string' ? [s.scope] : [])),
      campaignId: null, // GET /me does not say (api_key_context has no campaign field)
      requestsPerMinute: me.rateLimit.requestsPerMinute,
      verifiedAt: ctx.now().toISOString(),
    };
  } finally {
    await client.close();
  }
}

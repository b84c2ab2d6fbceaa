import { Command } from 'commander';
import { checkBaseUrl } from '../../config/settings.js';
import type { Profile } from '../../config/profiles.js';
import type { Deps } from '../../deps.js';
import { UsageError } from '../../errors.js';
import { example } from '../shared.js';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function profilesAddCommand(deps: Deps): Command {
  const cmd = new Command('add')
    .description('Add (or replace) a profile: base URL and API key, verified with GET /me')
    .argument('<name>', 'profile name (letters, digits, . _ -)')
    .option('--default', 'make it the default profile')
    .option('--no-verify', 'store without calling GET /me')
    .option('--api-key-command <cmd>', "store this command instead of the key: each run executes it (sh -c, 30 s timeout) and uses the first line it prints, e.g. 'pass show cardqr/prod'")
    .action(async (name: string, flags: { default?: boolean; verify: boolean; apiKeyCommand?: string }) => {
      if (!NAME.test(name)) throw new UsageError(`invalid profile name "${name}": use letters, digits, ".", "_" or "-" (up to 64)`);
      const rawBase = deps.globals.baseUrl ?? deps.env.CARDQR_BASE_URL;
      if (!rawBase) throw new UsageError('profiles add needs --base-url <url> (e.g. https://api.example.com/v1)');
      const baseUrl = checkBaseUrl(rawBase);
      const keyCommand = flags.apiKeyCommand?.trim();
      if (flags.apiKeyCommand !== undefined && !keyCommand) throw new UsageError('--api-key-command needs a command, e.g. --api-key-command "pass show cardqr/prod"');
      if (keyCommand && deps.globals.apiKeyStdin) throw new UsageError('--api-key-command and --api-key-stdin do not go together: the profile keeps one of them');
      // With a command, the key is read (to verify it) and never written anywhere.
      const apiKey = keyCommand ? await commandKey(deps, name, keyCommand, flags.verify) : await readKey(deps);
      const profile: Profile = keyCommand ? { name, baseUrl, keyCommand } : { name, baseUrl, apiKey };
      if (flags.verify) Object.assign(profile, await verify(deps, baseUrl, apiKey!));
      const store = deps.profiles();
      await store.save(profile, Boolean(flags.default));
      const who = profile.account?.email ? ` for ${profile.account.email} (${profile.account.plan})` : '';
      if (!deps.globals.quiet) {
        const where = keyCommand ? '; its key comes from the command on each run (not stored)' : '';
        deps.io.stderr.write(`saved profile "${name}"${who}${store.defaultName() === name ? ' (default)' : ''} in ${store.file}${where}\n`);
      }
    });
  return example(
    cmd,
    'cardqr profiles add prod --base-url https://api.example.com/v1 --default',
    'pass show cardqr | cardqr profiles add ci --base-url https://api.example.com/v1 --api-key-stdin',
    "cardqr profiles add prod --base-url https://api.example.com/v1 --api-key-command 'op read op://Private/cardqr/credential'",
  );
}

/** Runs the key command once now (unless --no-verify) so a broken command is caught at add time. */
async function commandKey(deps: Deps, name: string, command: string, verify: boolean): Promise<string | undefined> {
  if (!verify) return undefined;
  const { runKeyCommand, keyCommandTimeoutMs } = await import('../../config/key-command.js');
  return runKeyCommand(command, { profile: name, timeoutMs: keyCommandTimeoutMs(deps.env) });
}

async function readKey(deps: Deps): Promise<string> {
  let key: string | undefined;
  if (deps.globals.apiKeyStdin) key = (await deps.readStdin()).split(/\r?\n/)[0];
  else if (deps.io.isStdinTTY && deps.io.isStderrTTY) key = await deps.prompt('API key (input hidden): ', { hidden: true });
  else key = deps.env.CARDQR_API_KEY;
  key = key?.trim();
  if (!key) throw new UsageError('no API key given: type it when asked on a terminal, or pipe it with --api-key-stdin');
  if (/\s/.test(key)) throw new UsageError('the API key contains white space; check what was pasted');
  return key;
}

async function verify(deps: Deps, baseUrl: string, apiKey: string): Promise<Partial<Profile>> {
  const { getMe } = await import('../../api/me.js');
  const client = await deps.clientFor(baseUrl, apiKey);
  try {
    const me = await getMe(client);
    return {
      keyId: me.key.id,
      keyName: me.key.name,
      account: me.account,
      scopes: me.scopes.map((s) => s.scope),
      campaignId: null, // GET /me does not say (api_key_context has no campaign field)
      requestsPerMinute: me.rateLimit.requestsPerMinute,
      verifiedAt: deps.now().toISOString(),
    };
  } finally {
    await client.close();
  }
}

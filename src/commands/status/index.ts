// `cardqr status`: every stored profile checked with GET /me, like `gh auth status`: reachable, key
// valid, account, plan and scopes. One request per profile through the one request loop; exit 0 when
// every profile passed, else the status of the first failure's kind (3 a key refused, 6 unreachable).
import type { Context } from '../../context.js';
import {
  type Credentials,
  environmentCredentials,
  givenBaseUrl,
  MissingCredentialError,
  resolveCredentials,
} from '../../config/credentials.js';
import type { Profile } from '../../config/profiles.js';
import { ApiError, CliError, EXIT, UnavailableError, failureReason, type ExitCode } from '../../errors.js';
import type { ProfileCheck } from '../../output/views/status.js';
import { defineCommand } from '../model/define.js';
import { list, thenFail } from '../model/result.js';

/** The row of a key given by CARDQR_API_KEY (with CARDQR_BASE_URL or --base-url). */
const ENVIRONMENT = '(environment)';

export const status = defineCommand({
  name: 'status',
  summary:
    'Check every stored profile (and a key in CARDQR_API_KEY) with GET /me: reachable, key valid, account, plan, scopes',
  examples: ['cardqr status', 'cardqr status -o json | jq -r ".[] | select(.state != \\"ok\\") | .profile"'],
  async run(ctx) {
    ctx.output(); // before any request: a refused format sends nothing
    const store = ctx.profiles();
    const profiles: Profile[] = store.list();
    // A key in the environment is checked too (it wins over every profile when set): as its own row.
    const environment = environmentCredentials({ flags: ctx.globals, env: ctx.env, store });
    if (environment) {
      const baseUrl = givenBaseUrl(ctx.globals, ctx.env) ?? '(none: set CARDQR_BASE_URL)';
      profiles.unshift({ name: ENVIRONMENT, baseUrl });
    }
    if (!profiles.length)
      throw new CliError('no profile is stored', EXIT.auth, [
        'add one: cardqr profiles add <name> --base-url <url> (or try cardqr emulator --profile local)',
      ]);
    const [{ sendEach }, { statusView }] = await Promise.all([
      import('../../jobs/rows/loop.js'),
      import('../../output/views/status.js'),
    ]);
    const fallback = store.defaultName();
    const checks: ProfileCheck[] = [];
    let worst: number | undefined;
    await sendEach(
      profiles,
      async (p) => ({ row: await check(ctx, p, p.name === fallback, environment) }),
      (c) => {
        checks.push(c.row);
        if (c.exit !== undefined) worst ??= c.exit;
      },
      { concurrency: 1, signal: ctx.interruptible() },
    );
    const shown = list(checks, statusView);
    const failed = checks.filter((c) => c.state !== 'ok').length;
    if (checks.length < profiles.length) return thenFail(shown, new CliError('interrupted', EXIT.interrupted));
    if (failed)
      return thenFail(
        shown,
        new CliError(
          `${failed} of ${checks.length} profile${checks.length === 1 ? '' : 's'} failed the check`,
          (worst ?? EXIT.failed) as ExitCode,
        ),
      );
    return shown;
  },
});

async function check(
  ctx: Context,
  p: Profile,
  isDefault: boolean,
  environment: (() => Promise<Credentials>) | undefined,
): Promise<{ row: ProfileCheck; exit?: number }> {
  const base: ProfileCheck = {
    profile: p.name,
    default: isDefault,
    baseUrl: p.baseUrl,
    state: 'ok',
    account: null,
    plan: null,
    scopes: [],
    requestsPerMinute: null,
    detail: null,
  };
  try {
    // The environment's row: its key and base URL with no profile; a profile's row: that profile alone.
    const own = p.name === ENVIRONMENT;
    const { baseUrl, key, caFile } = await (own && environment
      ? environment()
      : resolveCredentials({ flags: {}, env: ctx.env, store: ctx.profiles(), profile: p }));
    const { getMe } = await import('../../api/me.js');
    const client = await ctx.clientFor(baseUrl, key, { caFile, profile: own ? undefined : p.name });
    try {
      const me = await getMe(client);
      return {
        row: {
          ...base,
          account: me.account.email,
          plan: me.account.plan,
          scopes: me.scopes.flatMap((s) => (typeof s.scope === 'string' ? [s.scope] : [])),
          requestsPerMinute: me.rateLimit.requestsPerMinute,
        },
      };
    } finally {
      await client.close();
    }
  } catch (e) {
    if (e instanceof MissingCredentialError)
      return e.missing === 'key'
        ? { row: { ...base, state: 'no key', detail: 'the profile stores no key and no key command' }, exit: EXIT.auth }
        : { row: { ...base, state: 'error', detail: 'CARDQR_API_KEY is set but no base URL is' }, exit: EXIT.usage };
    if (e instanceof ApiError && e.exit === EXIT.auth)
      return { row: { ...base, state: 'key refused', detail: `${e.code ?? e.status}: ${e.message}` }, exit: EXIT.auth };
    if (e instanceof UnavailableError)
      return { row: { ...base, state: 'unreachable', detail: e.message }, exit: EXIT.unavailable };
    if (e instanceof CliError && e.exit === EXIT.interrupted) throw e;
    return {
      row: { ...base, state: 'error', detail: failureReason(e) },
      exit: e instanceof CliError ? e.exit : EXIT.failed,
    };
  }
}

// What `cardqr mcp` runs: the key from the profile chain (ctx.api(), never a tool's argument), the client
// paced to half the key's rate as `leads follow` is (the other half left to other tools; a job that
// paces to the key again keeps to that half: keepShare), the profile and account on stderr, the audit file, then
// the transport until the client goes or the process is stopped.
import type { Readable, Writable } from 'node:stream';
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { CliError, EXIT } from '../errors.js';
import { mcpFiles } from '../config/paths.js';
import { fileAudit } from './audit.js';
import { sharedState, type PlanToolRunner, type ServeOptions } from './server.js';

/** Half the key's rate (as leads follow's FOLLOW_SHARE). */
export const MCP_SHARE = 0.5;

export interface ServeInput extends ServeOptions {
  /** --store: the history store the analytics tool reads (default: CARDQR_HISTORY_URL, else the default file). */
  store?: string;
  http?: { port: number; rotateToken: boolean };
}

export async function serveMcp(ctx: Context, input: ServeInput, stdio?: { stdin: Readable; stdout: Writable }) {
  const stopped = AbortSignal.any([ctx.stopped, ctx.interruptible((line) => ctx.msg.say(line))]);
  // The key, its account and the pacing are settled while the SDK loads: over stdio `initialize` is
  // answered meanwhile, and every tool call waits for them. A key that does not work ends the server.
  const ready = (async () => {
    const settings = await ctx.settings();
    const client = await ctx.api();
    const { me } = await client.paceToKey({ share: MCP_SHARE, keepShare: true, signal: stopped });
    return { client, me, baseUrl: settings.baseUrl, profile: settings.profile?.name ?? null };
  })();
  ready.catch(() => undefined); // awaited below
  const { historyDays } = await import('./history.js');
  const history = await historyDays(ctx, input.store, async () => (await ready).me.account.id);
  const files = mcpFiles(ctx.env);
  const audit = fileAudit(files.audit, ctx.now, (line) => ctx.msg.warn(line));
  const api = async () => (await ready).client;
  const plan = input.allowWrites ? await loadPlanTools(ctx, api, input) : undefined;
  const shared = sharedState(
    {
      version: ctx.version,
      api,
      history,
      where: async () => {
        const r = await ready;
        return { baseUrl: r.baseUrl, profile: r.profile };
      },
      audit,
      stopped,
      planTool: plan?.run,
      settle: plan?.settle,
    },
    input,
  );
  const tools = [...shared.tools.keys()].join(', ');
  const who = async () => {
    const r = await ready;
    return `account ${r.me.account.id} (${r.me.account.email}), profile ${r.profile ?? '(none: key from the environment)'}, ${r.baseUrl}`;
  };
  if (!input.http) {
    if (!stdio) throw new Error('stdio transport without streams');
    const { serveStdio } = await import('./stdio.js');
    const started = ready.then(async () =>
      ctx.msg.say(`cardqr mcp: serving ${await who()} over stdio; tools: ${tools}`),
    );
    await serveStdio(shared, stdio.stdin, stdio.stdout, started);
    return;
  }
  await ready;
  const { loadToken } = await import('./token.js');
  const { token, made } = await loadToken(files.token, input.http.rotateToken);
  const { serveHttp } = await import('./http.js');
  const serving = await serveHttp(shared, { port: input.http.port, token }).catch((e: unknown) => {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES')
      throw new CliError(`cannot listen on 127.0.0.1:${input.http!.port}: ${code}`, EXIT.failed, [
        'choose another port with --port',
      ]);
    throw e;
  });
  ctx.msg.say(`cardqr mcp: serving ${await who()} on ${serving.url}; tools: ${tools}`);
  ctx.msg.say(
    `bearer token ${made ? 'written to' : 'read from'} ${files.token} (0600; send it as Authorization: Bearer <token>; --rotate-token makes a new one)`,
  );
  await serving.closed;
}

async function loadPlanTools(
  ctx: Context,
  api: () => Promise<ApiClient>,
  input: ServeInput,
): Promise<{ run: PlanToolRunner; settle: () => Promise<void> }> {
  const { Budget, planTools, settle } = await import('./plan-tools.js');
  const deps = {
    api,
    baseUrl: async () => (await ctx.settings()).baseUrl,
    env: ctx.env,
    now: ctx.now,
    version: ctx.version,
  };
  let loaded: Promise<import('../plans/contract.js').Plans> | undefined;
  const load = () => (loaded ??= import('./plans-loader.js').then((m) => m.loadPlans(deps)));
  const state = { applying: new Map<string, AbortController>() };
  return {
    run: planTools(load, new Budget(input.maxWrites, input.maxTrash), state),
    settle: () => settle(load, state, (ms) => ctx.sleep(ms)),
  };
}

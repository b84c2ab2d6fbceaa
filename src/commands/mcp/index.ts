import { UsageError } from '../../errors.js';
import { intIn } from '../flags.js';
import { defineCommand } from '../model/define.js';
import { choice, flag, value } from '../model/fields.js';
import { none, stream, text } from '../model/result.js';

const TOOLSETS = ['account', 'cards', 'qr', 'analytics', 'leads', 'plans'] as const;
const CLIENTS = ['claude', 'cursor', 'vscode'] as const;
export const DEFAULT_PORT = 8722;

/** `--toolsets cards,leads`: each name checked (exit 2 for an unknown one). */
function parseToolsets(raw: string): Array<(typeof TOOLSETS)[number]> {
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = names.filter((n) => !(TOOLSETS as readonly string[]).includes(n));
  if (!names.length || bad.length)
    throw new UsageError(
      `--toolsets: ${bad.length ? `unknown ${bad.join(', ')}` : 'empty'}; choose from ${TOOLSETS.join(', ')}`,
    );
  return names as Array<(typeof TOOLSETS)[number]>;
}

export const mcp = defineCommand({
  name: 'mcp',
  summary:
    'Serve this account to an AI agent over the Model Context Protocol: free reads, writes only as approved plans',
  flags: {
    allowWrites: flag(
      '--allow-writes',
      'add the plan tools: an agent plans writes, a person approves destructive ones, apply_plan applies each once',
    ),
    toolsets: value(
      '--toolsets <list>',
      `only these tools, comma-separated: ${TOOLSETS.join(', ')} (default: all)`,
      parseToolsets,
    ),
    maxWrites: value(
      '--max-writes <n>',
      'at most n writes over this server session (default: no cap)',
      intIn(0, 10_000_000),
    ),
    maxTrash: value(
      '--max-trash <n>',
      'at most n trashed objects over this server session (default: no cap)',
      intIn(0, 10_000_000),
    ),
    lockdown: flag('--lockdown', "leave out what other people typed: leads' contacts and answers"),
    http: flag('--http', 'serve Streamable HTTP on 127.0.0.1 (a bearer token from a file) instead of stdio'),
    port: value('--port <n>', `with --http: the port (default: ${DEFAULT_PORT}; 0 picks a free one)`, intIn(0, 65_535)),
    rotateToken: flag('--rotate-token', 'with --http: write a new bearer token (clients need the new one)'),
    printConfig: choice(
      '--print-config <client>',
      'print the snippet that registers this server in the client (absolute paths, --profile, never a key)',
      CLIENTS,
    ),
  },
  details: `
Tools (stable names): whoami, search, get, analytics, leads_since, crm_report; with --allow-writes
plan_qr_apply, plan_roster_sync, plan_qr_status, plan_trash, plan_status, apply_plan, cancel_plan.
Over stdio nothing but protocol messages reaches stdout; the profile, the account and any warning go
to stderr. The key comes from the profile chain and never passes through a tool. The server uses at
most half the key's rate limit. Every tool call is appended to mcp-audit.ndjson in the state folder.
What an agent can and cannot do: cardqr help agents.`,
  examples: [
    'cardqr mcp --profile agent',
    'cardqr mcp --profile agent --allow-writes --max-writes 200 --max-trash 20',
    'cardqr mcp --profile agent --toolsets account,leads --lockdown',
    'cardqr mcp --profile agent --http --port 8722',
    'cardqr mcp --profile agent --allow-writes --print-config claude',
  ],
  check(input) {
    if (!input.http && input.port !== undefined) throw new UsageError('--port goes with --http');
    if (!input.http && input.rotateToken) throw new UsageError('--rotate-token goes with --http');
    if (input.printConfig && input.http)
      throw new UsageError(
        '--print-config writes a stdio configuration: leave out --http (an HTTP one would hold the token)',
      );
  },
  async run(ctx, input) {
    const opts = {
      toolsets: input.toolsets ?? TOOLSETS,
      allowWrites: Boolean(input.allowWrites),
      lockdown: Boolean(input.lockdown),
      maxWrites: input.maxWrites,
      maxTrash: input.maxTrash,
    };
    if (input.printConfig) {
      const profile = ctx.globals.profile ?? ctx.profiles().defaultName();
      if (!profile)
        throw new UsageError('--print-config needs a profile (--profile <name>): the configuration never holds a key', [
          'cardqr profiles add <name> stores one',
        ]);
      if (!ctx.profiles().get(profile))
        throw new UsageError(`no profile named "${profile}"`, ['cardqr profiles list shows them']);
      const args = ['--profile', profile, ...serverArgs(opts)];
      const { clientConfig } = await import('../../mcp/configs.js');
      const config = clientConfig(input.printConfig, args);
      ctx.msg.info(`paste into ${config.where}`);
      return text(config.text);
    }
    if (ctx.globals.apiKeyStdin && !input.http)
      throw new UsageError('--api-key-stdin cannot be used over stdio: standard input carries the protocol', [
        'use a profile (--profile), or --http',
      ]);
    const { serveMcp } = await import('../../mcp/serve.js');
    if (input.http) {
      await serveMcp(ctx, {
        ...opts,
        http: { port: input.port ?? DEFAULT_PORT, rotateToken: Boolean(input.rotateToken) },
      });
      return none;
    }
    if (ctx.io.isStdinTTY)
      ctx.msg.note(
        'cardqr mcp speaks JSON-RPC on standard input: an agent client starts it (cardqr mcp --print-config claude); Ctrl-D ends it',
      );
    return stream(async (out) => serveMcp(ctx, opts, { stdin: ctx.io.stdin, stdout: out.stream }));
  },
});

function serverArgs(o: {
  toolsets: readonly string[];
  allowWrites: boolean;
  lockdown: boolean;
  maxWrites?: number;
  maxTrash?: number;
}): string[] {
  const args: string[] = [];
  if (o.allowWrites) args.push('--allow-writes');
  if (o.toolsets.length !== TOOLSETS.length) args.push('--toolsets', o.toolsets.join(','));
  if (o.lockdown) args.push('--lockdown');
  if (o.maxWrites !== undefined) args.push('--max-writes', String(o.maxWrites));
  if (o.maxTrash !== undefined) args.push('--max-trash', String(o.maxTrash));
  return args;
}

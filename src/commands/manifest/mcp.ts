// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'mcp',
  summary:
    'Serve this account to an AI agent over the Model Context Protocol: free reads, writes only as approved plans',
  examples: [
    'cardqr mcp --profile agent',
    'cardqr mcp --profile agent --allow-writes --max-writes 200 --max-trash 20',
    'cardqr mcp --profile agent --toolsets account,leads --lockdown',
    'cardqr mcp --profile agent --http --port 8722',
    'cardqr mcp --profile agent --allow-writes --print-config claude',
  ],
  details:
    "\nTools (stable names): whoami, search, get, analytics, leads_since, crm_report; with --allow-writes\nplan_qr_apply, plan_roster_sync, plan_qr_status, plan_trash, plan_status, apply_plan, cancel_plan.\nOver stdio nothing but protocol messages reaches stdout; the profile, the account and any warning go\nto stderr. The key comes from the profile chain and never passes through a tool. The server uses at\nmost half the key's rate limit. Every tool call is appended to mcp-audit.ndjson in the state folder.\nWhat an agent can and cannot do: cardqr help agents.",
  options: [
    {
      key: 'allowWrites',
      flags: '--allow-writes',
      help: 'add the plan tools: an agent plans writes, a person approves destructive ones, apply_plan applies each once',
    },
    {
      key: 'toolsets',
      flags: '--toolsets <list>',
      help: 'only these tools, comma-separated: account, cards, qr, analytics, leads, plans (default: all)',
    },
    {
      key: 'maxWrites',
      flags: '--max-writes <n>',
      help: 'at most n writes over this server session (default: no cap)',
    },
    {
      key: 'maxTrash',
      flags: '--max-trash <n>',
      help: 'at most n trashed objects over this server session (default: no cap)',
    },
    {
      key: 'lockdown',
      flags: '--lockdown',
      help: "leave out what other people typed: leads' contacts and answers",
    },
    {
      key: 'http',
      flags: '--http',
      help: 'serve Streamable HTTP on 127.0.0.1 (a bearer token from a file) instead of stdio',
    },
    {
      key: 'port',
      flags: '--port <n>',
      help: 'with --http: the port (default: 8722; 0 picks a free one)',
    },
    {
      key: 'rotateToken',
      flags: '--rotate-token',
      help: 'with --http: write a new bearer token (clients need the new one)',
    },
    {
      key: 'printConfig',
      flags: '--print-config <client>',
      help: 'print the snippet that registers this server in the client (absolute paths, --profile, never a key)',
      choices: ['claude', 'cursor', 'vscode'],
    },
  ],
  runs: 'mcp',
};

export const loaders: Loaders = {
  mcp: () => import('../mcp/index.js').then((m) => m.mcp),
};

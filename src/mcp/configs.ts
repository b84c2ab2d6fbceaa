// `cardqr mcp --print-config claude|cursor|vscode`: the snippet that registers this server in that client,
// with absolute paths (the Node running now and this copy's bin/cardqr) and an explicit --profile,
// never a key. Clients start it over stdio; HTTP would put the token in the client's file.
import { fileURLToPath } from 'node:url';
import { UsageError } from '../errors.js';
const { existsSync } = process.getBuiltinModule('node:fs');

export const CLIENTS = ['claude', 'cursor', 'vscode'] as const;
export type McpClient = (typeof CLIENTS)[number];

/** bin/cardqr beside dist/ (the package) or beside src/ (a checkout). */
export function binPath(): string {
  for (const rel of ['../bin/cardqr', '../../bin/cardqr']) {
    const file = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new UsageError('cannot find bin/cardqr beside this copy of cardqr');
}

const WHERE: Record<McpClient, string> = {
  claude:
    'Claude Desktop: claude_desktop_config.json (Settings → Developer → Edit Config); Claude Code: .mcp.json in the project',
  cursor: 'Cursor: ~/.cursor/mcp.json, or .cursor/mcp.json in the project',
  vscode: 'VS Code: .vscode/mcp.json in the workspace (or MCP: Open User Configuration)',
};

export function clientConfig(client: McpClient, args: string[], paths = { node: process.execPath, bin: binPath() }) {
  const server = { command: paths.node, args: [paths.bin, 'mcp', ...args] };
  const config =
    client === 'vscode' ? { servers: { cardqr: { type: 'stdio', ...server } } } : { mcpServers: { cardqr: server } };
  return { text: `${JSON.stringify(config, null, 2)}\n`, where: WHERE[client] };
}

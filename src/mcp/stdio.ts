// The stdio transport: JSON-RPC lines on stdin and stdout, nothing else on stdout (words go to stderr
// through ctx.msg). The session is lost when stdin ends or closes, stdout fails (the client went away),
// or the process is asked to stop: a plan being applied stops like Ctrl-C (src/mcp/plan-tools.ts).
import type { Readable, Writable } from 'node:stream';
import { sessionServer, type Shared } from './server.js';

export async function serveStdio(shared: Shared, stdin: Readable, stdout: Writable): Promise<void> {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const lost = new AbortController();
  const server = await sessionServer(shared, lost.signal, () => undefined);
  const transport = new StdioServerTransport(stdin, stdout);
  const ended = new Promise<void>((resolve) => {
    const end = () => resolve();
    stdin.once('end', end).once('close', end).once('error', end);
    stdout.once('error', end).once('close', end);
    transport.onclose = end;
    if (shared.deps.stopped.aborted) end();
    shared.deps.stopped.addEventListener('abort', end, { once: true });
  });
  await server.connect(transport);
  await ended;
  lost.abort();
  await server.close().catch(() => undefined);
}

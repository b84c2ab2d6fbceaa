// The stdio transport: JSON-RPC lines on stdin and stdout, nothing else on stdout (words go to stderr
// through ctx.msg). The session is lost when stdin ends or closes, stdout fails (the client went away),
// or the process is asked to stop: a plan being applied stops like Ctrl-C (src/mcp/plan-tools.ts).
import type { Readable, Writable } from 'node:stream';
import { drain, sessionServer, type Shared } from './server.js';

/** Serves until the session ends; `started` rejects when the key does not work (the server then stops with that error). */
export async function serveStdio(
  shared: Shared,
  stdin: Readable,
  stdout: Writable,
  started: Promise<void>,
): Promise<void> {
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
  let failure: Error | undefined;
  await Promise.race([
    ended,
    started.catch((e: unknown) => void (failure = e instanceof Error ? e : new Error(String(e)))),
  ]);
  if (failure === undefined) await ended;
  // A session that ended before the key was settled still says when the key does not work (exit 3 …),
  // unless the process was asked to stop.
  if (failure === undefined && !shared.deps.stopped.aborted)
    await started.catch((e: unknown) => void (failure = e instanceof Error ? e : new Error(String(e))));
  lost.abort();
  await drain(shared);
  await server.close().catch(() => undefined);
  if (failure !== undefined) throw failure;
}

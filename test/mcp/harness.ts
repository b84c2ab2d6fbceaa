// `cardqr mcp` run in-process (the real entry point, main(), with live test streams) against the emulator,
// driven by the SDK's own Client: over stdio (a transport on the same newline-delimited JSON-RPC framing
// the SDK's stdio transports use, on the process's stdin/stdout streams) or over Streamable HTTP (the
// SDK's StreamableHTTPClientTransport, with the bearer token read from its file).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { main } from '../../src/cli.js';
import { buildDeps } from '../../src/deps.js';
import type { IO } from '../../src/io.js';
import type { Emulator } from '../../src/emulator/index.js';
import { removeTempDir, tempDir } from '../helpers/temp-dirs.js';

/** The client side of stdio: JSON-RPC lines written to the server's stdin, read from its stdout. */
export class StreamTransport implements Transport {
  onmessage?: (m: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (e: Error) => void;
  private buffer = new ReadBuffer();
  constructor(
    private readonly toServer: PassThrough,
    private readonly fromServer: PassThrough,
  ) {}
  async start(): Promise<void> {
    this.fromServer.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let m = this.buffer.readMessage(); m; m = this.buffer.readMessage()) this.onmessage?.(m);
    });
    this.fromServer.on('end', () => this.onclose?.());
  }
  async send(message: JSONRPCMessage): Promise<void> {
    if (!this.toServer.writableEnded) this.toServer.write(serializeMessage(message));
  }
  async close(): Promise<void> {
    this.toServer.end();
  }
}

export interface McpRun {
  client: Client;
  /** Every wait the server asked for (pacing, retries), in ms: they move the emulator's clock. */
  sleeps: number[];
  stdout(): string;
  stderr(): string;
  /** The exit status, once the server has stopped. */
  exit: Promise<number>;
  configDir: string;
  stateDir: string;
  /** Ends stdin (stdio) or stops the process (HTTP), then waits for the exit status. */
  stop(): Promise<number>;
  /** HTTP only. */
  url?: string;
  token?: string;
}

export interface McpOptions {
  key?: string;
  capabilities?: ClientCapabilities;
  /** Keep the config folder (a restart in the same folders); removed by the caller then. */
  configDir?: string;
  env?: Record<string, string | undefined>;
}

function inProcess(args: string[], emu: Emulator, o: McpOptions) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const configDir = o.configDir ?? tempDir('cardqr-mcp-');
  const stateDir = join(configDir, 'state');
  const io: IO = { stdout, stderr, stdin, isStdoutTTY: false, isStderrTTY: false, isStdinTTY: false, columns: 100 };
  const stop = new AbortController();
  const sleeps: number[] = [];
  const deps = buildDeps({
    io,
    env: {
      CARDQR_CONFIG_DIR: configDir,
      CARDQR_STATE_DIR: stateDir,
      CARDQR_BASE_URL: emu.baseUrl,
      CARDQR_API_KEY: o.key ?? emu.keys.full,
      ...o.env,
    },
    now: () => new Date(emu.now()),
    clock: () => emu.now(),
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      if (!signal?.aborted) emu.advanceTime(ms);
    },
    random: () => 0.5,
    readStdin: async () => '',
    interruptible: () => stop.signal,
    stopped: stop.signal,
  });
  const exit = main(['mcp', ...args], deps).finally(() => {
    stdout.end();
    stderr.end();
  });
  return { stdin, stdout, configDir, stateDir, exit, stop, sleeps, out: () => out, err: () => err };
}

export async function startStdio(emu: Emulator, args: string[] = [], o: McpOptions = {}): Promise<McpRun> {
  const p = inProcess(args, emu, o);
  const client = new Client({ name: 'cardqr-test', version: '1.0.0' }, { capabilities: o.capabilities ?? {} });
  await client.connect(new StreamTransport(p.stdin, p.stdout));
  return {
    client,
    sleeps: p.sleeps,
    stdout: p.out,
    stderr: p.err,
    exit: p.exit,
    configDir: p.configDir,
    stateDir: p.stateDir,
    stop: async () => {
      p.stdin.end();
      const code = await p.exit;
      if (!o.configDir) removeTempDir(p.configDir);
      return code;
    },
  };
}

async function until(check: () => boolean, what: () => string): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting: ${what()}`);
}

export async function startHttp(emu: Emulator, args: string[] = [], o: McpOptions = {}): Promise<McpRun> {
  const p = inProcess(['--http', '--port', '0', ...args], emu, o);
  let exited = false;
  void p.exit.then(() => (exited = true));
  await until(() => exited || /on (http:\/\/\S+\/mcp)/.test(p.err()), p.err);
  if (exited) throw new Error(`cardqr mcp --http exited: ${p.err()}`);
  const url = /on (http:\/\/\S+\/mcp)/.exec(p.err())![1];
  const token = readFileSync(join(p.stateDir, 'mcp-token'), 'utf8').trim();
  const client = new Client({ name: 'cardqr-test', version: '1.0.0' }, { capabilities: o.capabilities ?? {} });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  return {
    client,
    sleeps: p.sleeps,
    stdout: p.out,
    stderr: p.err,
    exit: p.exit,
    configDir: p.configDir,
    stateDir: p.stateDir,
    url,
    token,
    stop: async () => {
      await client.close().catch(() => undefined);
      p.stop.abort();
      const code = await p.exit;
      if (!o.configDir) removeTempDir(p.configDir);
      return code;
    },
  };
}

/** A tool's result: its structuredContent, after checking the text is the same JSON. */
export function structured<T = any>(result: unknown): T {
  const r = result as {
    structuredContent?: unknown;
    content: Array<{ type: string; text?: string }>;
    isError?: boolean;
  };
  if (r.isError) throw new Error(`tool error: ${r.content[0]?.text}`);
  const text = r.content.find((c) => c.type === 'text')?.text;
  if (JSON.stringify(JSON.parse(text ?? 'null')) !== JSON.stringify(r.structuredContent))
    throw new Error('text and structuredContent differ');
  return r.structuredContent as T;
}

/** A tool error result's `{code, message}`. */
export function toolError(result: unknown): { code: string; message: string } {
  const r = result as { content: Array<{ text?: string }>; isError?: boolean };
  if (!r.isError) throw new Error(`not an error: ${JSON.stringify(result).slice(0, 300)}`);
  return (JSON.parse(r.content[0]!.text!) as { error: { code: string; message: string } }).error;
}

/** Every line of a stdio session's stdout is one JSON-RPC 2.0 message. */
export function jsonRpcOnly(stdout: string): string[] {
  const problems: string[] = [];
  for (const line of stdout.split('\n')) {
    if (line === '') continue;
    try {
      const m = JSON.parse(line) as { jsonrpc?: unknown };
      if (m.jsonrpc !== '2.0') problems.push(line.slice(0, 200));
    } catch {
      problems.push(line.slice(0, 200));
    }
  }
  if (!stdout.endsWith('\n') && stdout !== '') problems.push('(no newline at the end)');
  return problems;
}

// A tiny API on 127.0.0.1 port 0 that answers one operation with the body a test gives it (404
// unknown_endpoint for anything else, kept in `stray`), and the real CLI run in-process against it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { runCli, type RunResult } from './run-cli.js';
import type { Contract, Operation } from '../conformance/contract.js';

/** A fixed instant for relative times in tables (never "now"). */
export const NOW = new Date(Date.UTC(2026, 5, 15, 12, 0, 0));

export interface AnswerServer {
  /** Answers `op` with `body` (status 200) until the next call. */
  serve(op: Operation, body: unknown): void;
  /** Requests for anything but the served operation. */
  stray: string[];
  /** Every request received, as the emulator records them (for `Contract.checkRequest`). */
  received: Array<{
    method: string;
    path: string;
    query: Record<string, string>;
    headers: Record<string, string>;
    body: unknown;
  }>;
  json(args: string[]): Promise<RunResult>;
  /** The default output on a terminal: a table (colour off unless `env` turns it on). */
  table(args: string[], env?: Record<string, string | undefined>): Promise<RunResult>;
}

export function useAnswerServer(contract: Contract): AnswerServer {
  let server: Server;
  let baseUrl = '';
  let serving: { op: Operation; body: unknown } | undefined;
  const stray: string[] = [];
  const received: AnswerServer['received'] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname.replace(/^\/v1/, '');
      const op = contract.match(req.method ?? 'GET', path);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({
        method: req.method ?? 'GET',
        path,
        query: Object.fromEntries(url.searchParams),
        headers,
        body: undefined,
      });
      req.resume();
      if (!serving || op !== serving.op) {
        stray.push(`${req.method} ${path}`);
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'not_found', code: 'unknown_endpoint', message: 'Not found' } }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(serving.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  const env = () => ({ CARDQR_BASE_URL: baseUrl, CARDQR_API_KEY: 'cq_live_contract', NO_COLOR: '1' });
  return {
    serve: (op, body) => {
      serving = { op, body };
    },
    stray,
    received,
    json: (args) => runCli([...args, '-o', 'json'], { env: env(), now: NOW }),
    table: (args, extra = {}) =>
      runCli(args, { env: { ...env(), ...extra }, now: NOW, tty: { stdout: true }, columns: 100 }),
  };
}

// Shared by test/reliability/hostile-*.test.ts: small node:http servers on 127.0.0.1 port 0 that
// play a hostile API (loops, endless bodies, absurd waits, reshuffled order, echoed keys), and temp
// directories removed after each file.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { runCli, type RunOptions, type RunResult } from '../helpers/run-cli.js';

export interface Hostile {
  baseUrl: string;
  /** Every request received: method and path with query. */
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

/** Starts servers on demand; all are closed (connections too) after each test. */
export function useHostile(): (handler: Handler) => Promise<Hostile> {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map(
        (s) =>
          new Promise<void>((r) => {
            s.closeAllConnections();
            s.close(() => r());
          }),
      ),
    );
  });
  return async (handler) => {
    const requests: Hostile['requests'] = [];
    const server = createServer((req, res) => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      handler(req, res, url);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
  };
}

/** Counts every passing case of a hostile-*.test.ts file for the CI line (`N hostile-server and untrusted-text cases passed`). */
export function countHostileCases(counts: { hostile: number }): void {
  beforeEach(({ onTestFinished }) => {
    onTestFinished(({ task }) => {
      if (task.result?.state === 'pass') counts.hostile++;
    });
  });
}

/** Temp directories removed after the file's tests. */
export function useTempDirs(): () => string {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  return () => {
    const d = mkdtempSync(join(tmpdir(), 'cardqr-hostile-'));
    dirs.push(d);
    return d;
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export const list = (data: unknown[], offset: number, total: number, hasMore: boolean) => ({
  object: 'list',
  data,
  pagination: { total, limit: 100, offset, hasMore },
});

export const me = {
  object: 'api_key_context',
  key: { id: 'key_hostile', name: 'hostile' },
  scopes: [{ scope: 'leads:read' }, { scope: 'cards:read' }],
  account: { id: 'acc_hostile', email: 'ops@hostile.example', plan: 'business' },
  rateLimit: { requestsPerMinute: 600 },
};

/** runCli against a hostile server, with the given key in the environment and a removable config dir. */
export function runAgainst(
  h: Hostile,
  args: string[],
  key: string,
  configDir: string,
  opts: RunOptions = {},
): Promise<RunResult> {
  return runCli(args, {
    ...opts,
    configDir,
    env: { CARDQR_BASE_URL: h.baseUrl, CARDQR_API_KEY: key, NO_COLOR: '1', ...opts.env },
  });
}

export function card(i: number, extra: Record<string, unknown> = {}) {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  return {
    object: 'card',
    id: `crd_h${i}`,
    name: `Card ${i}`,
    shortCode: `h-${i}`,
    status: 'published',
    paused: false,
    templateId: null,
    externalId: null,
    campaignId: null,
    url: `https://cards.example/h-${i}`,
    vcardUrl: `https://cards.example/h-${i}.vcf`,
    fields: { firstName: 'H', lastName: String(i) },
    design: { foreground: '#000000', background: '#FFFFFF', frame: null },
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

export function lead(id: string, createdAt: string, extra: Record<string, unknown> = {}) {
  return {
    object: 'lead',
    id,
    cardId: 'crd_x',
    cardName: 'X',
    source: 'form',
    trigger: 'after_save',
    formName: 'F',
    createdAt,
    read: false,
    archived: false,
    locked: false,
    contact: { name: id, email: `${id}@example.com`, phone: '', company: '', title: '' },
    answers: [],
    marketingOptIn: null,
    consentAt: null,
    country: 'FR',
    city: 'Lyon',
    hubspot: null,
    ...extra,
  };
}

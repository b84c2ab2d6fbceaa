// walkLeads against a small lead server on 127.0.0.1 whose list changes while it is paged: every lead
// is exported once, none twice, and the cursor lets the next run pick up what arrived meanwhile.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import { advanceCursor, type ExportCursor } from '../../../src/jobs/leads/state.js';
import { Spool } from '../../../src/jobs/leads/spool.js';
import { PAGE_SIZE, walkLeads } from '../../../src/jobs/leads/walk.js';

interface Lead {
  object: 'lead';
  id: string;
  createdAt: string;
}

/** GET /v1/leads as the spec pages it: newest first, `since` inclusive, limit/offset. */
function leadServer(leads: Lead[], onPage: (offset: number) => void = () => undefined) {
  const queries: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/v1/leads') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"not_found","message":"no"}}');
      return;
    }
    queries.push(url.searchParams);
    const since = url.searchParams.get('since');
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const listed = leads
      .filter((l) => since === null || Date.parse(l.createdAt) >= Date.parse(since))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    const data = listed.slice(offset, offset + limit);
    const body = {
      object: 'list',
      data,
      pagination: { total: listed.length, limit, offset, hasMore: offset + data.length < listed.length },
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    onPage(offset);
  });
  return { server, queries };
}

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function start(server: Server): Promise<ApiClient> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  const client = new ApiClient({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey: 'sk_test_walk',
    userAgent: 'cardqr-test',
    timeoutMs: 5000,
    maxRetries: 0,
    sleep: async () => undefined,
    now: () => 0,
  });
  cleanup.push(() => client.close());
  return client;
}

async function spool(): Promise<Spool> {
  const dir = mkdtempSync(join(tmpdir(), 'cardqr-walk-'));
  const s = await Spool.create(join(dir, 'leads.spool'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanup.push(() => s.dispose());
  return s;
}

async function exportedIds(s: Spool): Promise<string[]> {
  const ids: string[] = [];
  for await (const line of s.reversed()) ids.push((JSON.parse(line) as Lead).id);
  return ids;
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, 0) + minute * 60_000).toISOString();
const lead = (id: string, minute: number): Lead => ({ object: 'lead', id, createdAt: at(minute) });
/** n leads, one a minute, lead_000 the oldest. */
const series = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => lead(`lead_${String(from + i).padStart(3, '0')}`, from + i));

describe('walkLeads', () => {
  test('a first run exports every lead once, oldest first, page by page', async () => {
    const leads = series(PAGE_SIZE * 2 + 5);
    const { server, queries } = leadServer(leads);
    const s = await spool();
    const r = await walkLeads(await start(server), s, { cursor: null });
    expect(r.exported).toBe(leads.length);
    expect(r.pages).toBe(3);
    expect(await exportedIds(s)).toEqual(leads.map((l) => l.id));
    expect(r.newest).toBe(leads.at(-1)!.createdAt);
    expect(r.newestIds).toEqual([leads.at(-1)!.id]);
    expect(r.oldest).toBe(leads[0].createdAt);
    // Archived leads are part of the sync; the page size is the API's maximum.
    expect(queries.every((q) => q.get('includeArchived') === 'true' && q.get('limit') === String(PAGE_SIZE))).toBe(
      true,
    );
  });

  test('leads created while paging push older ones back: none lost, none repeated, the new ones left for the next run', async () => {
    const leads = series(PAGE_SIZE * 2 + 30);
    let added = 0;
    const { server } = leadServer(leads, () => {
      // After every page, three new leads arrive at the front of the list.
      for (let i = 0; i < 3; i++, added++) leads.push(lead(`new_${added}`, 1000 + added));
    });
    const s = await spool();
    const client = await start(server);
    const first = await walkLeads(client, s, { cursor: null });
    const firstIds = await exportedIds(s);
    expect(firstIds).toEqual(series(PAGE_SIZE * 2 + 30).map((l) => l.id));
    expect(new Set(firstIds).size).toBe(firstIds.length);

    const cursor = advanceCursor(null, first.newest, first.newestIds);
    const s2 = await spool();
    const second = await walkLeads(client, s2, { cursor });
    const secondIds = await exportedIds(s2);
    // Everything that arrived during the first run, and nothing the first run exported.
    expect(secondIds.filter((id) => id.startsWith('new_')).length).toBeGreaterThanOrEqual(9);
    expect(secondIds.some((id) => firstIds.includes(id))).toBe(false);
    expect(second.exported).toBe(secondIds.length);
  });

  test('several leads at the cursor instant: the ones exported are skipped, the others exported', async () => {
    const leads = [lead('a', 1), lead('b', 2), lead('c', 2), lead('d', 2)];
    const { server, queries } = leadServer(leads);
    const client = await start(server);
    const cursor: ExportCursor = { createdAt: at(2), ids: ['b', 'c'] };
    const s = await spool();
    const r = await walkLeads(client, s, { cursor });
    expect(await exportedIds(s)).toEqual(['d']);
    expect(queries[0].get('since')).toBe(at(2));
    expect(advanceCursor(cursor, r.newest, r.newestIds)).toEqual({ createdAt: at(2), ids: ['b', 'c', 'd'] });
  });

  test('ties at a page boundary are neither lost nor repeated when the list shifts', async () => {
    // PAGE_SIZE + 10 leads at one instant, then one new lead arrives after the first page: the second
    // page starts one position earlier and repeats a lead of that instant.
    const leads = Array.from({ length: PAGE_SIZE + 10 }, (_, i) => lead(`tie_${i}`, 5));
    let once = true;
    const { server } = leadServer(leads, () => {
      if (once) leads.push(lead('late', 6));
      once = false;
    });
    const s = await spool();
    const r = await walkLeads(await start(server), s, { cursor: null });
    const ids = await exportedIds(s);
    expect(ids.length).toBe(PAGE_SIZE + 10);
    expect(new Set(ids)).toEqual(new Set(Array.from({ length: PAGE_SIZE + 10 }, (_, i) => `tie_${i}`)));
    expect(r.newestIds.length).toBe(PAGE_SIZE + 10);
  });

  test('a first run with `since` exports only leads from that instant on', async () => {
    const leads = series(20);
    const { server } = leadServer(leads);
    const s = await spool();
    await walkLeads(await start(server), s, { cursor: null, since: at(15) });
    expect(await exportedIds(s)).toEqual(['lead_015', 'lead_016', 'lead_017', 'lead_018', 'lead_019']);
  });

  test('an empty list is one page and nothing exported; the cursor stays', async () => {
    const { server } = leadServer([]);
    const s = await spool();
    const r = await walkLeads(await start(server), s, { cursor: null });
    expect(r).toMatchObject({ exported: 0, pages: 1, newestIds: [] });
    expect(r.newest).toBeUndefined();
    expect(advanceCursor(null, r.newest, r.newestIds)).toBeNull();
  });

  test('a server that says hasMore on an empty page forever does not loop', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ object: 'list', data: [], pagination: { total: 999, limit: 100, offset: 0, hasMore: true } }),
      );
    });
    const s = await spool();
    const r = await walkLeads(await start(server), s, { cursor: null });
    expect(r.pages).toBe(1);
  });

  test('a lead without createdAt is refused, not exported', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          data: [{ object: 'lead', id: 'x' }],
          pagination: { total: 1, limit: 100, offset: 0, hasMore: false },
        }),
      );
    });
    const s = await spool();
    await expect(walkLeads(await start(server), s, { cursor: null })).rejects.toThrow(/without id or createdAt/);
    expect(s.count).toBe(0);
  });

  test('an interrupt while a page is in flight says nothing was exported', async () => {
    const controller = new AbortController();
    const server = createServer(() => controller.abort()); // never answers; the run is interrupted meanwhile
    const s = await spool();
    await expect(walkLeads(await start(server), s, { cursor: null, signal: controller.signal })).rejects.toThrow(
      /interrupted/,
    );
    server.closeAllConnections();
  });
});

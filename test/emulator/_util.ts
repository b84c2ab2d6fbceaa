// Shared helpers for the emulator's own tests: real HTTP against an in-process emulator.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js';
import { created, EmuError, ok } from '../../src/emulator/http.js';
import { paginate, parsePage } from '../../src/emulator/query.js';
import type { RouteDef } from '../../src/emulator/routing.js';
import { TEST_START } from '../helpers/clock.js';

export interface Res {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export async function call(
  emu: Emulator,
  method: string,
  path: string,
  opts: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string>; xApiKey?: boolean } = {},
): Promise<Res> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  const key = opts.key === undefined ? emu.keys.full : opts.key;
  if (key) {
    if (opts.xApiKey) headers['X-API-Key'] = key;
    else headers.Authorization = `Bearer ${key}`;
  }
  let body: string | undefined = opts.raw;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['Content-Type'] = 'application/json';
  const url = path.startsWith('http')
    ? path
    : path.startsWith('/_emulator') || /^\/[cp]\//.test(path)
      ? `${emu.publicBaseUrl}${path}`
      : `${emu.baseUrl}${path}`;
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Test-only routes: a tiny "widgets" resource that exercises the framework. Never in production. */
export const widgetState = { created: 0, failNext: 0, lastBody: undefined as unknown };
export const testRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/widgets',
    scopes: ['cards:write'],
    requestId: true, // like POST /campaigns/:campaignId/cards: answers carry Request-Id
    handler: (ctx) => {
      if (widgetState.failNext > 0) {
        widgetState.failNext--;
        throw new Error('boom');
      }
      widgetState.created++;
      widgetState.lastBody = ctx.body;
      ctx.store.takenShortCodes.push(`widget-${widgetState.created}`);
      return created({ object: 'widget', n: widgetState.created, body: ctx.body ?? null, at: ctx.nowIso() });
    },
  },
  {
    method: 'GET',
    path: '/widgets',
    scopes: ['cards:read'],
    handler: (ctx) => ok(paginate(ctx.store.takenShortCodes, parsePage(ctx.query, 25))),
  },
  {
    method: 'PATCH',
    path: '/widgets/:id',
    scopes: ['cards:write'],
    requestId: true,
    handler: (ctx) =>
      ctx.params.id === 'bad'
        ? ctx.fail(422, 'invalid_request', 'validation_failed', 'Bad widget.')
        : ok({ id: ctx.params.id, body: ctx.body }),
  },
  { method: 'DELETE', path: '/widgets/:id', scopes: ['cards:write'], handler: () => ({ status: 204 }) },
  { method: 'GET', path: '/widgets/special', scopes: ['cards:read'], handler: () => ok({ special: true }) },
  {
    method: 'GET',
    path: '/widgets/:id',
    scopes: ['cards:read'],
    handler: (ctx) =>
      ctx.params.id === 'nope'
        ? ctx.fail(404, 'not_found', 'resource_not_found', 'No widget.')
        : ok({ id: ctx.params.id }),
  },
  { method: 'POST', path: '/odd', malformedJson: 'odd500', handler: () => created({}) },
  {
    method: 'POST',
    path: '/campaigns/:campaignId/widgets',
    scopes: ['cards:write'],
    campaign: 'own',
    malformedJson: 'invalid_json',
    maxBodyBytes: 1024,
    tooLargeCode: 'payload_too_large',
    handler: (ctx) => created({ campaignId: ctx.params.campaignId }),
  },
  {
    method: 'GET',
    path: '/throws',
    handler: () => {
      throw new EmuError(422, 'invalid_request', 'validation_failed', 'Bad.', [
        { field: 'name', message: 'Required', code: 'invalid_type' },
      ]);
    },
  },
];

/** One emulator for the file (with the test routes), reset before each test. */
export function useTestEmulator(opts: EmulatorOptions = {}): { emu: Emulator } {
  const holder = {} as { emu: Emulator };
  beforeAll(async () => {
    holder.emu = await createEmulator({ port: 0, extraRoutes: testRoutes, startAt: TEST_START, ...opts });
  });
  beforeEach(() => {
    holder.emu.reset();
    widgetState.created = 0;
    widgetState.failNext = 0;
    widgetState.lastBody = undefined;
  });
  afterAll(async () => {
    await holder.emu?.close();
  });
  return holder;
}

// Shared by the plan tests: plans(deps) on a client of the test's emulator, its state folder a temp dir.
import { ApiClient } from '../../src/api/client.js';
import type { Emulator } from '../../src/emulator/index.js';
import { plans } from '../../src/plans/index.js';
import type { ApplyHooks, Plans } from '../../src/plans/contract.js';
import { tempDir } from '../helpers/run-cli.js';

export interface Setup {
  plans: Plans;
  client: ApiClient;
  state: string;
  close: () => Promise<void>;
}

export function clientOf(emu: Emulator, key = emu.keys.full): ApiClient {
  return new ApiClient({
    baseUrl: emu.baseUrl,
    apiKey: key,
    userAgent: 'test',
    timeoutMs: 5000,
    maxRetries: 3,
    sleep: async (ms) => emu.advanceTime(ms),
    now: () => emu.now(),
  });
}

export function setup(emu: Emulator, opts: { key?: string; state?: string; now?: () => Date } = {}): Setup {
  const client = clientOf(emu, opts.key);
  const state = opts.state ?? tempDir('cardqr-plans-');
  const p = plans({
    api: async () => client,
    baseUrl: async () => emu.baseUrl,
    env: { CARDQR_STATE_DIR: state },
    now: opts.now ?? (() => new Date(emu.now())),
    version: '0.0.0-test',
  });
  return { plans: p, client, state, close: () => client.close() };
}

/** Every request that is not a read. */
export const writes = (emu: Emulator) => emu.requests().filter((r) => r.method !== 'GET');

export const hooks = (more: Partial<ApplyHooks> = {}): ApplyHooks => ({
  signal: new AbortController().signal,
  ...more,
});

/** Distinct writes applied (keys the emulator stored as done with a 2xx) for method + path. */
export function applied(emu: Emulator, method: string, path: string): number {
  return emu.store.idempotency.filter((r) => {
    const fp = JSON.parse(r.fingerprint) as { method: string; path: string };
    return r.state === 'done' && (r.response?.status ?? 0) < 300 && fp.method === method && fp.path === path;
  }).length;
}

// One emulator per test file on 127.0.0.1:0, reset to its seed before each test. Its clock starts at
// TEST_START (test/helpers/clock.ts) whatever today's date, unless a test asks for another start.
// Every answer it gives in every test is held against the contract (openapi/cardqr-api.yaml, strict:
// nothing undocumented); a test whose emulator answered outside it fails, and the answers are counted in
// the CI's `contract:` line.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { prng } from '../../src/emulator/default-seed-activity.js';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js';
import type { RecordedRequest } from '../../src/emulator/index.js';
import { Contract } from '../conformance/contract.js';
import { contractCounts } from '../conformance/counts.js';
import { TEST_START } from './clock.js';

let contract: Contract | undefined;
const counts = contractCounts(`emulator-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);

/** Problems of one answer against the contract (none for a dropped connection, a fault a test injected, or a
 * route a test added). */
function answerProblems(r: RecordedRequest, testRoutes: boolean): string[] {
  if (!r.answer || (r.fault && r.fault !== 'slow')) return [];
  contract ??= new Contract();
  const body = r.answer.json !== undefined ? r.answer.json : r.answer.bytes > 0 ? Buffer.alloc(0) : undefined;
  const op = contract.match(r.method, r.path);
  if (!op && testRoutes) return []; // a route the test added
  const problems = contract.checkAnswer(op, { status: r.status, headers: r.answer.headers, body }, 'strict');
  counts.answers++;
  counts.violations += problems.length;
  return problems.map((p) => `${r.method} /v1${r.path} → ${r.status}: ${p}`);
}

let offContract = false;

/**
 * For the test that calls it (before its first request): the store was seeded with a value the contract does not allow (a status a
 * later API may add), to show the CLI tolerates it. Its answers are not held against the contract.
 */
export function answersOffContract(): void {
  offContract = true;
}

export function useEmulator(opts: EmulatorOptions = {}): Emulator {
  let emu: Emulator | undefined;
  const handle = new Proxy({} as Emulator, {
    get(_t, prop) {
      if (!emu) throw new Error('emulator not started yet (use it inside a test or hook)');
      const v = (emu as unknown as Record<string | symbol, unknown>)[prop];
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(emu) : v;
    },
  });
  let outside: string[] = [];
  beforeAll(async () => {
    emu = await createEmulator({
      port: 0,
      random: seededRandom(42),
      startAt: TEST_START,
      onRequest: (r) => void (offContract || outside.push(...answerProblems(r, Boolean(opts.extraRoutes)))),
      ...opts,
    });
  });
  beforeEach(() => {
    emu?.reset();
    outside = [];
    offContract = false;
  });
  afterEach(() => {
    expect(outside, 'emulator answers outside openapi/cardqr-api.yaml').toEqual([]);
  });
  afterAll(async () => {
    await emu?.close();
  });
  return handle;
}

/** Deterministic Math.random replacement (the emulator's own generator). */
export const seededRandom = prng;

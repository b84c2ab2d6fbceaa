// Shared by the reliability tests (test/reliability/*.test.ts): counters for the CI summary line,
// counted fault injection, end-state probes on the emulator's store, and bulk records for paging.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import type { Emulator, FaultSpec } from '../../src/emulator/index.js';
import type { CardRecord } from '../../src/emulator/model.js';
import { ROOT } from '../helpers/built-cli.js';

// ---- counters -------------------------------------------------------------------------------------
// Each test file runs in its own worker, so each writes its own totals to .tmp/reliability/<file>.json;
// .ci/run clears that directory before the suite and prints the sum after it.

export const COUNTS_DIR = join(ROOT, '.tmp', 'reliability');
export const counts = {
  faults: 0,
  badInputs: 0,
  interruptions: 0,
  fileSystem: 0,
  hostile: 0,
  // The classes an outside probe broke (issue 22): each a count of cases that passed.
  pathSegments: 0,
  waits: 0,
  clocks: 0,
  keys: 0,
  structuredText: 0,
  files: 0,
  bounds: 0,
  // Issue 34: writes whose answer was lost (each run again without a second object), and the tool's own
  // files refused or kept whole when a user names them.
  unknownOutcomes: 0,
  ownFiles: 0,
};

export function useCounters(name: string): typeof counts {
  afterAll(() => {
    mkdirSync(COUNTS_DIR, { recursive: true });
    writeFileSync(join(COUNTS_DIR, `${name}.json`), JSON.stringify(counts) + '\n');
  });
  return counts;
}

// ---- faults -----------------------------------------------------------------------------------------

/** A fault that changes nothing (`slow` 0 ms): lets the next spec hit the (n+1)th matching request. */
export function pass(n: number, method: string, path: string | RegExp): FaultSpec {
  return { kind: 'slow', delayMs: 0, times: n, method, path };
}
const isPass = (f: FaultSpec) => f.kind === 'slow' && f.delayMs === 0;

/**
 * Injects faults and counts the ones delivered (injected minus still pending when the test ends;
 * `pass` specs are not faults). `delivered()` says how many the server applied so far.
 */
export function countedFaults(emu: Emulator): { inject(faults: FaultSpec[]): void; delivered(): number } {
  let injected = 0;
  let passes = 0;
  beforeEach(() => {
    injected = 0;
    passes = 0;
  });
  afterEach(() => {
    counts.faults += Math.max(0, injected - emu.pendingFaults() - passes);
  });
  return {
    inject(faults) {
      for (const f of faults) {
        if (isPass(f)) passes += f.times ?? 1;
        injected += f.times ?? 1;
      }
      emu.injectFaults(faults);
    },
    delivered: () => injected - passes - emu.pendingFaults(),
  };
}

// ---- end state --------------------------------------------------------------------------------------

/** Writes the server APPLIED with method+path: idempotency records whose stored answer is a success. */
export function appliedWrites(emu: Emulator, method: string, path: string): number {
  return emu.store.idempotency.filter((r) => {
    const fp = JSON.parse(r.fingerprint) as { method: string; path: string };
    return r.state === 'done' && (r.response?.status ?? 0) < 300 && fp.method === method && fp.path === path;
  }).length;
}

/** The Idempotency-Keys the CLI sent for method+path (every attempt). */
export function keysSent(emu: Emulator, method: string, path: string | RegExp): string[] {
  return emu.requests({ method, path }).map((r) => r.headers['idempotency-key']);
}

export const liveCards = (emu: Emulator, pred: (c: CardRecord) => boolean) => emu.store.cards.filter(pred);
export const trashed = (emu: Emulator, id: string) => emu.store.trash.filter((t) => t.record.id === id);

/** No stack trace in the output: no indented "at ..." line. */
export function expectNoStack(text: string): void {
  expect(text).not.toMatch(/\n\s+at /);
}

// ---- bulk records (for paging) ---------------------------------------------------------------------

/** Every file under dir (recursively). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

export const realWait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits (real time, bounded) until cond() holds: for work the server finishes after the client gave up. */
export async function settle(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await realWait(20);
}

// Shared by the reliability tests (test/reliability/*.test.ts): counters for the CI summary line,
// counted fault injection, end-state probes on the emulator's store, and bulk records for paging.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import type { Emulator, FaultSpec } from '../../src/emulator/index.js';
import type { CardRecord, LeadRecord, QrRecord } from '../../src/emulator/model.js';
import { ROOT } from '../helpers/built-cli.js';

// ---- counters -------------------------------------------------------------------------------------
// Each test file runs in its own worker, so each writes its own totals to .tmp/reliability/<file>.json;
// .ci/run clears that directory before the suite and prints the sum after it.

export const COUNTS_DIR = join(ROOT, '.tmp', 'reliability');
export const counts = { faults: 0, badInputs: 0, interruptions: 0, fileSystem: 0, hostile: 0 };

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

const iso = (ms: number) => new Date(ms).toISOString();

/** Adds n cards to acc_acme, one minute apart (newest last), and raises the allowance to fit them. */
export function addCards(emu: Emulator, n: number, prefix = 'bulk'): CardRecord[] {
  const acme = emu.store.account('acc_acme')!;
  const base = emu.now() - n * 60_000;
  const out: CardRecord[] = [];
  for (let i = 0; i < n; i++) {
    const at = iso(base + i * 60_000);
    out.push({
      object: 'card',
      id: `crd_${prefix}${String(i).padStart(4, '0')}`,
      accountId: 'acc_acme',
      name: `${prefix} person ${i}`,
      shortCode: `${prefix}-${i}`,
      status: 'published',
      templateId: null,
      externalId: null,
      campaignId: null,
      paused: false,
      everPublished: true,
      design: { foreground: '#000000', background: '#FFFFFF', frame: null },
      fields: { firstName: prefix, lastName: `person ${i}` },
      createdAt: at,
      updatedAt: at,
    });
  }
  emu.store.cards.push(...out);
  acme.cardAllowance = Math.max(acme.cardAllowance, emu.store.cardsUsed('acc_acme') + 100);
  return out;
}

export function addQrCodes(emu: Emulator, n: number, prefix = 'bulkqr'): QrRecord[] {
  const acme = emu.store.account('acc_acme')!;
  const base = emu.now() - n * 60_000;
  const out: QrRecord[] = [];
  for (let i = 0; i < n; i++) {
    const at = iso(base + i * 60_000);
    out.push({
      object: 'qr_code',
      id: `qr_${prefix}${String(i).padStart(4, '0')}`,
      accountId: 'acc_acme',
      name: `${prefix} ${i}`,
      type: 'url',
      status: 'published',
      shortCode: `${prefix}-${i}`,
      destinationUrl: `https://example.com/${prefix}/${i}`,
      paused: false,
      everPublished: true,
      design: { foreground: '#000000', background: '#FFFFFF', frame: null },
      createdAt: at,
      updatedAt: at,
    });
  }
  emu.store.qrCodes.push(...out);
  acme.qrAllowance = Math.max(acme.qrAllowance, emu.store.qrCodesUsed('acc_acme') + 100);
  return out;
}

/** Adds n form leads on crd_jose, `stepMs` apart, ending at the emulator's now (ids lead_<prefix>NNNN). */
export function addLeads(emu: Emulator, n: number, prefix = 'bulk', stepMs = 60_000): LeadRecord[] {
  const base = emu.now() - n * stepMs;
  const out: LeadRecord[] = [];
  for (let i = 0; i < n; i++) {
    out.push({
      object: 'lead',
      id: `lead_${prefix}${String(i).padStart(5, '0')}`,
      accountId: 'acc_acme',
      cardId: 'crd_jose',
      cardName: 'José Álvarez Peña',
      source: 'form',
      trigger: 'after_save',
      formName: 'Stay in touch',
      createdAt: iso(base + i * stepMs),
      read: false,
      archived: false,
      locked: false,
      contact: { name: `Visitor ${i}`, email: `visitor${i}@example.com`, phone: '', company: '', title: '' },
      answers: [],
      marketingOptIn: null,
      consentAt: null,
      country: 'FR',
      city: 'Lyon',
      hubspot: null,
    });
  }
  emu.store.leads.push(...out);
  return out;
}

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

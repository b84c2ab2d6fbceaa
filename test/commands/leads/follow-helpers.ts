// Shared by the leads follow tests: drive an in-process follow poll by poll (each poll's wait moves the
// emulator's virtual clock), add leads through the control API, read deliveries.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Emulator } from '../../../src/emulator/index.js';
import { runCli, type RunOptions, type RunResult } from '../../helpers/run-cli.js';

export type Lead = { id: string; createdAt: string; locked: boolean; contact: { name: string } | null };
export type Delivery = { type: 'lead.created' | 'lead.unlocked'; lead: Lead };

export const CONTACT = { name: 'Ada Unlocked', email: 'ada@x.example', phone: '', company: 'Acme', title: '' };

export const lines = <T = Delivery>(text: string): T[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

export const readState = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

export async function control(emu: Emulator, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${emu.publicBaseUrl}/_emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** Adds `n` leads created now on the emulator's clock (or at `createdAt`), ids `<prefix>_<i>`. */
export async function addLeads(
  emu: Emulator,
  prefix: string,
  n: number,
  extra: Record<string, unknown> = {},
): Promise<string[]> {
  const leads = Array.from({ length: n }, (_, i) => ({
    id: `lead_${prefix}_${String(i).padStart(3, '0')}`,
    cardId: 'crd_zoe',
    source: 'form',
    contact: CONTACT,
    ...extra,
  }));
  await control(emu, 'leads', { leads });
  return leads.map((l) => l.id);
}

/**
 * Runs `cardqr leads follow` in-process; `onPoll(n)` runs in the wait after poll n (a wait of exactly
 * `intervalMs`) and returns true to stop the run there (a simulated SIGTERM); `stopIf(ms)` stops it at any
 * other wait (a target held down waits without polling).
 */
/** `leads follow`'s usual flags: a state in `dir`, from `since`, one target, a dead letter and `--max-attempts`. */
export function followArgs(o: {
  dir: string;
  since: string;
  forwardTo?: string;
  exec?: string;
  deadLetter: string;
  maxAttempts: number;
}): string[] {
  const target = o.forwardTo !== undefined ? ['--forward-to', o.forwardTo] : ['--exec', o.exec ?? ''];
  return [
    '--state',
    join(o.dir, 's.json'),
    '--since',
    o.since,
    ...target,
    '--dead-letter',
    o.deadLetter,
    '--max-attempts',
    String(o.maxAttempts),
  ];
}

export async function follow(
  emu: Emulator,
  args: string[],
  onPoll: (n: number) => Promise<boolean | void> | boolean | void,
  opts: RunOptions & { intervalMs?: number; maxPolls?: number; stopIf?: (ms: number) => boolean } = {},
): Promise<RunResult> {
  const intervalMs = opts.intervalMs ?? 30_000;
  const maxPolls = opts.maxPolls ?? 500;
  let stop!: () => void;
  const stopped = new Promise<void>((r) => (stop = r));
  let polls = 0;
  let done = false;
  return runCli(['leads', 'follow', ...args], {
    emu,
    ...opts,
    interruptAfter: stopped,
    sleep: async (ms) => {
      await opts.sleep?.(ms);
      if (done) return;
      const stopHere =
        opts.stopIf?.(ms) || (ms === intervalMs && ((await onPoll(++polls)) === true || polls > maxPolls));
      if (stopHere) {
        done = true;
        stop();
        await new Promise((r) => setImmediate(r));
      }
    },
  });
}

/** Every delivery's lead id appears once and the leads come oldest first. */
export function expectOnceOldestFirst(ds: Delivery[]): void {
  const ids = ds.map((d) => d.lead.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (let i = 1; i < ds.length; i++)
    expect(Date.parse(ds[i - 1]!.lead.createdAt)).toBeLessThanOrEqual(Date.parse(ds[i]!.lead.createdAt));
}

/**
 * A CRM receiver on 127.0.0.1:`port` (0: any): each POSTed delivery's lead id goes to `answer`, whose
 * number is the status it answers with. The caller closes it.
 */
export async function leadReceiver(port: number, answer: (id: string) => number): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const status = answer((JSON.parse(body) as Delivery).lead.id);
      res.writeHead(status).end(status >= 300 ? 'no\n' : '');
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return server;
}

// The print runs panel: this machine's print ledger (src/jobs/print/ledger.ts), newest first, and a
// run's audit on request (each code re-read: deleted, paused, unpublished, pointing elsewhere), the
// checks of `cardqr print audit`, through the one request loop.
import { readdir } from 'node:fs/promises';
import type { ApiClient } from '../api/client.js';
import type { Sent } from '../jobs/rows/loop.js';
import { isFatal } from '../errors.js';
import { Refused } from './refused.js';
import { ledgerDir, readLedger, type CodeLine } from '../jobs/print/ledger.js';

const LISTED = 50;
const CONCURRENCY = 4;

export interface RunSummary {
  run: string;
  createdAt: string;
  command: string;
  layout: string;
  codes: number;
  /** False when the run was printed against another API than this server's: it cannot be audited here. */
  here: boolean;
}

export interface AuditFinding {
  id: string;
  kind: 'qr' | 'card';
  name: string;
  state: 'deleted' | 'paused' | 'unpublished' | 'elsewhere' | 'url-changed' | 'error';
  detail: string;
}

const sameBase = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

export async function listRuns(configDir: string, baseUrl: string): Promise<RunSummary[]> {
  const names = (await readdir(ledgerDir(configDir)).catch(() => [] as string[]))
    .filter((n) => /^run_[0-9TZ]+_[0-9a-f]+\.ndjson$/.test(n))
    .sort()
    .reverse()
    .slice(0, LISTED);
  const runs: RunSummary[] = [];
  for (const n of names) {
    try {
      const l = await readLedger(configDir, n.replace(/\.ndjson$/, ''));
      runs.push({
        run: l.run.run,
        createdAt: l.run.createdAt,
        command: l.run.command,
        layout: l.run.layout,
        codes: new Set(l.codes.map((c) => c.id)).size,
        here: sameBase(l.run.baseUrl, baseUrl),
      });
    } catch {
      /* a file that is not a ledger is not a run */
    }
  }
  return runs;
}

export async function auditRun(
  configDir: string,
  baseUrl: string,
  run: string,
  client: ApiClient,
): Promise<{ run: string; checked: number; findings: AuditFinding[] }> {
  if (!/^run_[0-9TZ]+_[0-9a-f]+$/.test(run)) throw new Refused(404, `no print run ${run}`);
  const ledger = await readLedger(configDir, run);
  if (!sameBase(ledger.run.baseUrl, baseUrl))
    throw new Refused(404, `run ${run} was printed against another API (${ledger.run.baseUrl})`);
  const codes = [...new Map(ledger.codes.map((c) => [c.id, c])).values()];
  const [{ sendEach }, { getQrCode }, { getCard }] = await Promise.all([
    import('../jobs/rows/loop.js'),
    import('../api/qr.js'),
    import('../api/cards.js'),
  ]);
  const findings: AuditFinding[][] = [];
  const result = await sendEach(
    codes.keys(),
    async (i): Promise<Sent<[number, AuditFinding[]]>> => {
      const c = codes[i];
      try {
        const now = c.kind === 'qr' ? await getQrCode(client, c.id) : await getCard(client, c.id);
        return { row: [i, compare(c, now)] };
      } catch (e) {
        if (isFatal(e)) return { row: [i, []], fatal: e as Error };
        const gone = (e as { status?: number }).status === 404;
        const f: AuditFinding = gone
          ? { ...base(c), state: 'deleted', detail: 'no longer exists (404)' }
          : { ...base(c), state: 'error', detail: e instanceof Error ? e.message : String(e) };
        return { row: [i, [f]] };
      }
    },
    ([i, found]) => (findings[i] = found),
    { concurrency: CONCURRENCY },
  );
  if (result.fatal) throw result.fatal;
  return { run, checked: codes.length, findings: findings.flat() };
}

const base = (c: CodeLine) => ({ id: c.id, kind: c.kind, name: c.name });

function compare(
  c: CodeLine,
  now: { url: string; status: string; paused: boolean; destinationUrl?: unknown },
): AuditFinding[] {
  const out: AuditFinding[] = [];
  if (now.paused) out.push({ ...base(c), state: 'paused', detail: 'paused: the plan no longer covers it' });
  else if (now.status === 'paused') out.push({ ...base(c), state: 'paused', detail: 'status paused' });
  else if (now.status !== 'published') out.push({ ...base(c), state: 'unpublished', detail: `status ${now.status}` });
  if (now.url !== c.url)
    out.push({ ...base(c), state: 'url-changed', detail: `its link is now ${now.url}; printed: ${c.url}` });
  const dest = typeof now.destinationUrl === 'string' ? now.destinationUrl : null;
  if (c.kind === 'qr' && c.destinationUrl !== null && dest !== c.destinationUrl)
    out.push({
      ...base(c),
      state: 'elsewhere',
      detail: `now points to ${dest ?? '(none)'} (printed: ${c.destinationUrl})`,
    });
  return out;
}

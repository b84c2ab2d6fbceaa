// The groups of `analytics history --group`: a card's template or the campaign owning it (as the
// snapshots recorded them), or the print runs of this machine's ledger that placed the code.
import { readdir } from 'node:fs/promises';
import type { HistoryStore } from '../../history/store.js';
import { ledgerDir, readLedger } from '../print/ledger.js';

export const NONE = '(none)';

export async function groupsOf(
  group: 'template' | 'campaign' | 'print-run',
  store: HistoryStore,
  /** The config folder, where the print ledger lives (src/config/paths.ts: configDir). */
  config: string,
): Promise<(id: string) => string[]> {
  if (group === 'print-run') {
    const dir = ledgerDir(config);
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => /^run_.*\.ndjson$/.test(n)).sort();
    const runs = new Map<string, string[]>();
    for (const n of names) {
      const ledger = await readLedger(config, n.slice(0, -'.ndjson'.length)).catch(() => undefined);
      for (const c of ledger?.codes ?? []) runs.set(c.id, [...(runs.get(c.id) ?? []), ledger!.run.run]);
    }
    return (id) => [...new Set(runs.get(id) ?? [NONE])];
  }
  const subjects = await store.subjects();
  if (group === 'template') return (id) => [subjects.get(id)?.templateId ?? NONE];
  const campaigns = await store.campaigns();
  return (id) => {
    const t = subjects.get(id)?.templateId;
    const c = t ? campaigns.get(t) : undefined;
    return [c?.campaignId ? c.campaignId : NONE];
  };
}

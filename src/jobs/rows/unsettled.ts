// Rows an earlier run of a job left without a known outcome (PRODUCT §16, bulk jobs): in its report, a
// row whose last line is `sending` (the run was killed with its request in flight) or `unknown` (the
// answer was lost). The next run with the same report settles them first, by reading the account.
import { reportEntries } from './report-lines.js';
const { lstatSync } = process.getBuiltinModule('node:fs');

/** A row's last line says this: it may have been applied. */
export const UNSETTLED = new Set(['sending', 'unknown']);

/** Subject → the action of its unsettled step, from every earlier run in the report (the last line of a subject wins). */
export async function unsettledRows(path: string, job: string, subjectField: string): Promise<Map<string, string>> {
  const st = lstatSync(path, { throwIfNoEntry: false });
  const out = new Map<string, string>();
  if (!st?.isFile() || st.size === 0) return out;
  let first = true;
  for await (const e of reportEntries(path, `the report ${path}`, subjectField)) {
    if (first) {
      first = false;
      if (e.type !== 'header' || e.job !== job) return out; // not this job's report: openJobReport refuses it
      continue;
    }
    if (e.type !== 'row' || e.row.subject === null) continue;
    if (UNSETTLED.has(e.row.outcome)) out.set(e.row.subject, String(e.row.action));
    else out.delete(e.row.subject);
  }
  return out;
}

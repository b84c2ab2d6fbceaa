// A row job's report: append-only NDJSON, one header per run (job, file, API, account, nonce, start
// time), then one line per step, written before the next request starts (jobs/import/report.ts's writer:
// checked writes, a line cut short by a kill cut off). A later run appends its own header and lines;
// a file at that path that is not this job's report is never touched. `<report>.lock` keeps two runs
// from sharing one report.
import { UsageError } from '../../errors.js';
import type { HeldLock } from '../../lock-file.js';
import { lockReport, ReportWriter, statReport } from './report-file.js';
import { reportEntries, type ReportHeader } from './report-lines.js';

const AFTER_FAILURE =
  'the run stopped; free some space, then run the same command again: it plans only what the account still lacks';

/** The row engine's header: the job, its input and the run's nonce always named. */
export type JobHeader = ReportHeader & Required<Pick<ReportHeader, 'job' | 'baseUrl' | 'accountId' | 'nonce'>>;

export interface OpenJobReport {
  writer: ReportWriter;
  lock: HeldLock;
}

/** `onTorn`: the report ended in a line cut short (a run killed mid-write), `cut` bytes cut off before appending. */
export async function openJobReport(
  path: string,
  header: JobHeader,
  now: Date,
  onTorn?: (cut: number) => void,
): Promise<OpenJobReport> {
  const lock = await lockReport(path, now, 'run');
  try {
    const existing = await existingReport(path, header.job);
    const writer = existing
      ? ReportWriter.append(path, AFTER_FAILURE, onTorn)
      : await ReportWriter.create(path, header, AFTER_FAILURE);
    if (existing) writer.write(header);
    return { writer, lock };
  } catch (e) {
    await lock.release();
    throw e;
  }
}

/** 'appended' once the file holds this job's header; undefined when there is no report yet (or it is empty). */
async function existingReport(path: string, job: string): Promise<'appended' | undefined> {
  if (!statReport(path)) return undefined;
  for await (const e of reportEntries(path, `the report ${path}`)) {
    if (e.type === 'header' && e.job === job) return 'appended';
    break;
  }
  throw new UsageError(`${path} is not a cardqr ${job} report (refusing to touch it); choose another --report`);
}

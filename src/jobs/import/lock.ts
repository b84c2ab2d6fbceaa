// `<report>.lock`: two imports never share a report (the shared lock-file rules, import wording).
import { UsageError } from '../../errors.js';
import { acquireLock, type HeldLock } from '../../lock-file.js';

export function lockReport(reportPath: string, now: Date): Promise<HeldLock> {
  return acquireLock(
    `${reportPath}.lock`,
    now,
    (path, holder) =>
      new UsageError(
        `another import is using this report (${path}${holder === 'unreadable' ? '' : `: pid ${holder.pid} on ${holder.host} since ${holder.startedAt}`})`,
        ['wait for it to finish, or remove the lock file if no import is running'],
      ),
  );
}

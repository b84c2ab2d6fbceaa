import { UsageError } from '../errors.js';
import type { BusyMessage } from '../lock-file.js';

export const exportBusy: BusyMessage = (path, holder) => {
  if (holder === 'unreadable') {
    return new UsageError(`state file busy: the lock ${path} exists but cannot be read`, [
      'if no export is running, delete the lock file and run again',
    ]);
  }
  return new UsageError(
    `state file busy: another export (pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}) holds ${path}`,
    [
      'wait for it to finish; if that process is not an export (the pid was reused) or runs on another host that is gone, delete the lock file',
    ],
  );
};

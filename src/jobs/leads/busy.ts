import { UsageError } from '../../errors.js';
import type { BusyMessage } from '../../lock-file.js';

/** What `what` names: the state file (`<state>.lock`) or the --out file (`<out>.lock`). */
function busyMessage(what: string, unchanged: string[], holderIs = 'another export'): BusyMessage {
  return (path, holder) => {
    if (holder === 'unreadable') {
      return new UsageError(`${what} busy: the lock ${path} exists but cannot be read`, [
        ...unchanged,
        `if no ${holderIs.replace(/^another /, '')} is running, delete the lock file and run again`,
      ]);
    }
    return new UsageError(
      `${what} busy: ${holderIs} (pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}) holds ${path}`,
      [
        ...unchanged,
        'wait for it to finish; if that process is not an export (the pid was reused) or runs on another host that is gone, delete the lock file',
      ],
    );
  };
}

export const exportBusy: BusyMessage = busyMessage('state file', []);

/** `leads follow` takes the same lock: either command may hold it. */
export const followBusy: BusyMessage = busyMessage('state file', [], 'another leads follow or export');

/** Two exports adding to one --out file would each copy it and rename over it: the last one would win. */
export const outputBusy = (given: string): BusyMessage =>
  busyMessage(`--out ${given}`, ['nothing was exported and the state file is unchanged']);

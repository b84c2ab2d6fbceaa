import { type BusyMessage, busyMessage } from '../../lock-file.js';

export const exportBusy: BusyMessage = busyMessage('state file', 'another export');

/** `leads follow` takes the same lock: either command may hold it. */
export const followBusy: BusyMessage = busyMessage('state file', 'another leads follow or export');

/** Two exports adding to one --out file would each copy it and rename over it: the last one would win. */
export const outputBusy = (given: string): BusyMessage =>
  busyMessage(`--out ${given}`, 'another export', ['nothing was exported and the state file is unchanged']);

// Waiting for the lock of the runs that write a store: tried, then tried again every second until
// `--wait` is spent; then exit 6 naming the holder (the lock is not an input error: another run holds
// it, and a later run gets through).
import { CliError, EXIT } from '../errors.js';

/** A lock another run holds: who, as a person reads it. */
export class HeldElsewhere extends Error {
  constructor(readonly holder: string) {
    super(holder);
  }
}

const POLL_MS = 1000;

export async function waitForLock<T>(
  what: string,
  tryTake: () => Promise<T>,
  waitMs: number,
  wait: (ms: number) => Promise<void>,
  now: () => Date,
  said?: (holder: string) => void,
): Promise<T> {
  const deadline = now().getTime() + waitMs;
  let told = false;
  for (;;) {
    try {
      return await tryTake();
    } catch (e) {
      if (!(e instanceof HeldElsewhere)) throw e;
      const left = deadline - now().getTime();
      if (left <= 0) {
        throw new CliError(`${what} busy: ${e.holder}`, EXIT.unavailable, [
          'waited as long as --wait allows; run again later, or give a longer --wait',
        ]);
      }
      if (!told) said?.(e.holder);
      told = true;
      await wait(Math.min(POLL_MS, left));
    }
  }
}

// Temporary files beside their target: see src/fs/durable.ts (names carry the `.cardqr-` marker and the
// writer's pid; the sweep removes only such files, owned by this user, whose writer is gone).
import { tempPathFor as durableTempPath } from './fs/durable.js';

export { createTemp, sweepTempFiles } from './fs/durable.js';

/** `<dir>/.<name>.cardqr-<pid>-<random>.tmp` (always hidden now; the second argument is kept for callers). */
export function tempPathFor(target: string, _hidden = true): string {
  return durableTempPath(target);
}

// `-O <file>` of image, print and api, checked before anything is sent (the answer of a write must
// never be lost to a file that cannot be written): not a directory, not a FIFO, device or socket, not
// an existing file unless replacing is allowed, and in a directory that exists. The write itself
// (fs/durable.ts replaceFile) checks again at the last moment.
import { dirname } from 'node:path';
import { UsageError } from '../errors.js';
import { nonRegularProblem } from '../fs/read-regular.js';
const { statSync } = process.getBuiltinModule('node:fs');

export interface OutFileRules {
  /** Replace an existing file (--force, or a command that always replaces). */
  replace: boolean;
  /** What to do instead when -O names a directory ("use -d x to save into it"). */
  directoryHint?: string;
  /** What to do instead when -O names a FIFO, device or socket. */
  specialHint: string;
}

export function checkOutFile(out: string, rules: OutFileRules): void {
  const existing = statOrUndefined(out);
  if (existing?.isDirectory())
    throw new UsageError(`-O ${out} is a directory${rules.directoryHint ? `; ${rules.directoryHint}` : ''}`);
  const special = nonRegularProblem(out, existing);
  if (special) throw new UsageError(`-O ${special}; ${rules.specialHint}`);
  if (existing && !rules.replace)
    throw new UsageError(`refusing to overwrite ${out}: it exists (use --force to replace it)`);
  if (!statOrUndefined(dirname(out))?.isDirectory())
    throw new UsageError(`-O ${out}: directory ${dirname(out)} does not exist`);
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

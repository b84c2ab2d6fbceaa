// Temporary files written beside their target and renamed (or linked) into place when complete. The
// writer's pid is in the name, so a later run can remove the ones a killed run (kill -9, Ctrl-C twice)
// left behind without touching a file another live process is still writing.
import { randomBytes } from 'node:crypto';
import { readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { processAlive } from './lock-file.js';

const TEMP_NAME = /^\.?.+\.(\d+)\.[0-9a-f]{12}\.tmp$/;

/** `<dir>/.<name>.<pid>.<random>.tmp` (hidden) or, with `hidden: false`, `<dir>/<name>.<pid>.<random>.tmp`. */
export function tempPathFor(target: string, hidden = true): string {
  return join(dirname(target), `${hidden ? '.' : ''}${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Removes the temporary files for `targets` in `dir` (all of them when omitted) whose writer is gone; returns how many. */
export async function sweepTempFiles(dir: string, targets?: string[]): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const wanted = targets?.map((t) => basename(t));
  let removed = 0;
  for (const name of names) {
    const pid = Number(TEMP_NAME.exec(name)?.[1]);
    if (!pid || pid === process.pid || processAlive(pid)) continue;
    if (wanted && !wanted.some((t) => name.startsWith(`.${t}.`) || name.startsWith(`${t}.`))) continue;
    await unlink(join(dir, name)).then(() => removed++, () => undefined);
  }
  return removed;
}

// The one wording of a torn last line cut off an append-only file before appending (src/fs/torn-tail.ts):
// the dead letter, a report, an --out export.
import { safeLine } from '../output/sanitize.js';

export function tornTailNote(file: string, bytes: number): string {
  return safeLine(
    `note: ${file} ended in a partial line (${bytes} byte${bytes === 1 ? '' : 's'} written by a run cut short): cut off before adding to it`,
  );
}

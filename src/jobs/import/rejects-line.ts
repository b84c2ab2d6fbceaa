// The one line that says what became of the --rejects file (in the summary, or under the file's problems).
import type { RejectsResult } from './types.js';

export function rejectsFailure(r: { path: string; error: string }): string {
  return `could not write the rejects file ${r.path} (${r.error}); the file there before is unchanged`;
}

export function rejectsLine(r: RejectsResult): string {
  if ('error' in r) return `rejects: ${rejectsFailure(r)}`;
  return r.rows
    ? `rejects: ${r.rows} row${r.rows === 1 ? '' : 's'} in ${r.path} (fix them there and import that file as it is)`
    : `rejects: none; ${r.path} holds the header only`;
}

// Files the user names to be written, against the registry of the tool's own files (src/fs/own-files.ts):
// exit 2 before anything is sent, the file untouched. Every command that writes a file a flag names
// calls this with those flags.
import { ownHomes } from '../config/paths.js';
import type { Context } from '../context.js';
import { refuseOwnFiles } from '../fs/own-files.js';

export function refuseOwnPaths(
  ctx: Pick<Context, 'env'>,
  paths: Array<{ flag: string; path: string | undefined }>,
): void {
  refuseOwnFiles(ownHomes(ctx.env), paths);
}

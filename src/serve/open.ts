// `cardqr serve --open`: the one-time URL handed to the platform's browser launcher, as one argument
// and without a shell (no character of the URL is ever read by one). Its argv is visible to this
// machine's other users for a moment: the token works once and for 60 seconds, which covers it.
import { spawn } from 'node:child_process';

/** The launcher and its arguments: xdg-open, macOS open, Windows' URL handler (no `cmd /c start`: a shell). */
export function launcherFor(platform: NodeJS.Platform, url: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['rundll32.exe', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/** Starts the launcher and lets it go; resolves with why it could not start, or undefined. */
export function openInBrowser(
  url: string,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): Promise<string | undefined> {
  const [cmd, args] = launcherFor(platform, url);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true, shell: false, env });
    child.once('error', (e: NodeJS.ErrnoException) => resolve(`could not start ${cmd} (${e.code ?? e.message})`));
    child.once('spawn', () => {
      child.unref();
      resolve(undefined);
    });
  });
}

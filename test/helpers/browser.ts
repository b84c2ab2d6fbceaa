// A real browser for the dashboard's tests: Debian's Chromium, headless, driven by puppeteer-core
// (which never downloads a browser: it is given the executable). Without Chromium the tests fail with
// one line saying how to install it; they never skip. --no-sandbox only when running as root (CI).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

/** The Chromium to run: CARDQR_CHROMIUM, else Debian's. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env, candidates = CANDIDATES): string {
  const found = [env.CARDQR_CHROMIUM, ...candidates].find((p) => p && existsSync(p));
  if (!found) throw new Error('Chromium not found (the dashboard tests need a real browser): apt-get install chromium');
  return found;
}

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      ...(root ? ['--no-sandbox'] : []),
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/** Where screenshots are kept as test artifacts (gitignored, never committed). */
export function artifactDir(): string {
  const dir = join(process.cwd(), '.tmp', 'serve-screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

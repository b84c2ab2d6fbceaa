// Runs the real `cardqr serve --port 0` against the test's emulator and hands back its start line
// (one JSON line on a pipe) while it serves; `stop()` is Ctrl-C, resolving with the run's result.
import { runCli, tempDir, type RunResult } from '../helpers/run-cli.js';
import type { Emulator } from '../../src/emulator/index.js';

export interface Started {
  origin: string;
  url: string;
  account: string;
  expiresInSeconds: number;
  stop: () => Promise<RunResult>;
}

export async function startServe(
  emu: Emulator,
  opts: { args?: string[]; configDir?: string; env?: Record<string, string | undefined> } = {},
): Promise<Started> {
  let stopNow!: () => void;
  const stopped = new Promise<void>((resolve) => (stopNow = resolve));
  let out = '';
  let started!: (line: Omit<Started, 'stop'>) => void;
  const line = new Promise<Omit<Started, 'stop'>>((resolve) => (started = resolve));
  const run = runCli(['serve', '--port', '0', ...(opts.args ?? [])], {
    emu,
    configDir: opts.configDir,
    // The default history store is this test's (none unless the test takes a snapshot there).
    env: { CARDQR_DATA_DIR: tempDir('cardqr-data-'), ...opts.env },
    interruptAfter: stopped,
    onStdout: (chunk) => {
      out += chunk;
      const nl = out.indexOf('\n');
      if (nl >= 0) started(JSON.parse(out.slice(0, nl)));
    },
  });
  const first = await Promise.race([
    line,
    run.then((r) => {
      throw new Error(`serve ended before it listened (exit ${r.exitCode}): ${r.stderr}`);
    }),
  ]);
  return {
    ...first,
    stop: async () => {
      stopNow();
      return run;
    },
  };
}

/** The session cookie (`name=value`) from a token exchange, for node fetch. */
export async function signIn(url: string): Promise<{ cookie: string; csrf: string; origin: string }> {
  const origin = new URL(url).origin;
  const r = await fetch(url, { redirect: 'manual' });
  if (r.status !== 303) throw new Error(`sign-in answered ${r.status}`);
  const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0];
  const page = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(page)?.[1] ?? '';
  return { cookie, csrf, origin };
}

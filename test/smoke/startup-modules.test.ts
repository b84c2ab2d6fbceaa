// What a one-request command loads (README, Performance): on Node 22 and 24 an ESM import of node:http
// loaded Node's internal undici (the fetch stack, ~25 ms), node:crypto its WebCrypto; `performance`
// loads perf_hooks, and opening stdin (a file or /dev/null under cron) fs streams, fs/promises and
// readline (Node 20's ESM loader loads readline itself). The built CLI, spawned on the Node under test
// with a preload that records Node's own modules at exit.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/run-cli.js';

const emu = useEmulator();
beforeAll(() => ensureFreshBuild(), 180_000);

/** Node's built-in modules the run loaded (process.moduleLoadList at exit). */
async function loaded(args: string[]): Promise<string[]> {
  const dir = tempDir();
  const preload = join(dir, 'record.cjs');
  const out = join(dir, 'modules.json');
  writeFileSync(
    preload,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)));\n`,
  );
  const r = await spawnCli([], {
    shell: `exec "${process.execPath}" -r "${preload}" "${BIN}" ${args.join(' ')} </dev/null`,
    env: { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full, CARDQR_CONFIG_DIR: join(dir, 'config') },
  }).done;
  expect([r.code, r.stderr]).toEqual([0, '']);
  return JSON.parse(readFileSync(out, 'utf8')) as string[];
}

const UNNEEDED = [
  /internal\/deps\/undici/, // fetch, WebSocket: Node's internal undici
  /^NativeModule crypto$/,
  /internal\/crypto\/webcrypto/,
  /^NativeModule perf_hooks$/,
  /internal\/fs\/streams/,
];

describe('start-up loads only what the command runs', () => {
  it('me -o json: node:http, and none of fetch, crypto, perf_hooks or file streams', async () => {
    const mods = await loaded(['me', '-o', 'json']);
    expect(mods).toContain('NativeModule http');
    expect(mods.filter((m) => UNNEEDED.some((re) => re.test(m)))).toEqual([]);
    // Plain http to the emulator: no TLS, and so no CA list read (src/api/trust.ts loads for https only).
    expect(mods.filter((m) => /^NativeModule (https|tls|_tls_wrap)$/.test(m))).toEqual([]);
  });

  it('__complete profiles: no HTTP at all (net is there for stdout, a pipe)', async () => {
    const mods = await loaded(['__complete', 'profiles']);
    expect(mods.filter((m) => /^NativeModule (http|https)$/.test(m) || UNNEEDED.some((re) => re.test(m)))).toEqual([]);
  });
});

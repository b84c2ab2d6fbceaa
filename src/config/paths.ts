import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Homes } from '../fs/own-files.js';
import { OWN_NAMES } from '../fs/own-names.js';

export function configDir(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  if (env.CARDQR_CONFIG_DIR) return env.CARDQR_CONFIG_DIR;
  if (platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'cardqr');
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'cardqr');
}

/**
 * Where cardqr keeps state that is neither configuration nor cache (the emulator's local CA, the
 * journal of writes with an unknown outcome): CARDQR_STATE_DIR, else XDG_STATE_HOME/cardqr, else
 * ~/.local/state/cardqr (LOCALAPPDATA/cardqr on Windows).
 */
export function stateDir(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  if (env.CARDQR_STATE_DIR) return env.CARDQR_STATE_DIR;
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'cardqr');
  return join(env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state'), 'cardqr');
}

/**
 * The emulator's local CA (`cardqr emulator --tls`): a folder `<stateDir>/emulator-ca/` (0700) holding
 * `ca.pem`, the CA certificate (0644; the `caFile` of the profile the emulator writes), and `ca-key.pem`,
 * its private key (0600). Made once, then reused. These are among the tool's own files (PRODUCT section
 * 16): no path the user names may be one of them. Their one writer and reader is
 * src/commands/emulator/local-ca.ts.
 */
export function emulatorCaFiles(
  env: Readonly<Record<string, string | undefined>>,
  platform = process.platform,
): { dir: string; cert: string; key: string } {
  const dir = resolve(stateDir(env, platform), OWN_NAMES.emulatorCa); // absolute: a profile's caFile is one
  return { dir, cert: join(dir, 'ca.pem'), key: join(dir, 'ca-key.pem') };
}

/** Where cardqr keeps what it can make again (Node's compile cache): XDG_CACHE_HOME/cardqr, else ~/.cache/cardqr. */
export function cacheDir(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'cardqr', 'cache');
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'cardqr');
}

/**
 * The journal of single writes whose outcome was lost (PRODUCT section 16, src/api/journal.ts):
 * `<stateDir>/journal.json`. One of the tool's own files (src/fs/own-files.ts).
 */
export function journalFile(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  return resolve(stateDir(env, platform), OWN_NAMES.journal);
}

/**
 * `cardqr mcp`'s files in the state folder (0600): the audit file of tool calls (rotated: `.1` … `.5`)
 * and the bearer token of `--http`. Among the tool's own files (src/fs/own-files.ts).
 */
export function mcpFiles(
  env: Readonly<Record<string, string | undefined>>,
  platform = process.platform,
): { audit: string; token: string } {
  const dir = resolve(stateDir(env, platform));
  return { audit: join(dir, OWN_NAMES.mcpAudit), token: join(dir, OWN_NAMES.mcpToken) };
}

export { dataDir, historyFile } from '../fs/data-dir.js';
import { dataDir } from '../fs/data-dir.js';

/** The tool's folders, for the registry of its own files (src/fs/own-files.ts). */
export function ownHomes(env: Readonly<Record<string, string | undefined>>, platform = process.platform): Homes {
  return {
    config: configDir(env, platform),
    state: stateDir(env, platform),
    cache: cacheDir(env, platform),
    data: dataDir(env, platform),
  };
}

/** Agent plans (PRODUCT section 17, src/plans/): `<stateDir>/plans/` (0700), one of the tool's own folders. */
export function plansDir(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  return resolve(stateDir(env, platform), OWN_NAMES.plans);
}

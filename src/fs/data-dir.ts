// The data folder and the default history store's path: on the ground floor (no imports of cardqr's
// own but the names table), so the store (src/history/) finds its default file without reaching up to
// src/config/; src/config/paths.ts re-exports both beside the other folders.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { OWN_NAMES } from './own-names.js';

/**
 * Where cardqr keeps the operator's data (the scan history store, PRODUCT section 18): CARDQR_DATA_DIR,
 * else XDG_DATA_HOME/cardqr, else ~/.local/share/cardqr (LOCALAPPDATA/cardqr/data on Windows).
 */
export function dataDir(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  if (env.CARDQR_DATA_DIR) return env.CARDQR_DATA_DIR;
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'cardqr', 'data');
  return join(env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share'), 'cardqr');
}

/** The default scan history store: `<dataDir>/history.db` (src/history/). One of the tool's own files. */
export function historyFile(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  return resolve(dataDir(env, platform), OWN_NAMES.history);
}

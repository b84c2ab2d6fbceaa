import { homedir } from 'node:os';
import { join } from 'node:path';

export function configDir(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  if (env.CARDQR_CONFIG_DIR) return env.CARDQR_CONFIG_DIR;
  if (platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'cardqr');
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'cardqr');
}

/**
 * Where cardqr keeps state that is neither configuration nor cache (the emulator's local CA, later the
 * journal of writes with an unknown outcome): CARDQR_STATE_DIR, else XDG_STATE_HOME/cardqr, else
 * ~/.local/state/cardqr (LOCALAPPDATA/cardqr on Windows).
 */
export function stateDir(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  if (env.CARDQR_STATE_DIR) return env.CARDQR_STATE_DIR;
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'cardqr');
  return join(env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state'), 'cardqr');
}

/** Where cardqr keeps what it can make again (Node's compile cache): XDG_CACHE_HOME/cardqr, else ~/.cache/cardqr. */
export function cacheDir(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'cardqr', 'cache');
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'cardqr');
}

import { homedir } from 'node:os';
import { join } from 'node:path';

export function configDir(env: Readonly<Record<string, string | undefined>>, platform = process.platform): string {
  if (env.CARDQR_CONFIG_DIR) return env.CARDQR_CONFIG_DIR;
  if (platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'cardqr');
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'cardqr');
}

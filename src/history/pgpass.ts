// ~/.pgpass (or PGPASSFILE), as libpq reads it: `host:port:database:user:password` lines, `*` matches
// anything, `\:` and `\\` are escapes; the first matching line wins; a file open to others is ignored.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readFile, stat } from 'node:fs/promises';

export async function pgpassFor(
  env: Readonly<Record<string, string | undefined>>,
  want: { host: string; port: number; database: string; user: string },
): Promise<string | undefined> {
  const file = env.PGPASSFILE || join(env.HOME || homedir(), '.pgpass');
  try {
    if (((await stat(file)).mode & 0o077) !== 0) return undefined;
    const text = await readFile(file, 'utf8');
    for (const line of text.split(/\r?\n/)) {
      if (!line || line.startsWith('#')) continue;
      const parts = fields(line);
      if (parts.length < 5) continue;
      const [h, p, d, u] = parts;
      const ok = (pat: string, v: string) => pat === '*' || pat === v;
      if (ok(h, want.host) && ok(p, String(want.port)) && ok(d, want.database) && ok(u, want.user))
        return parts.slice(4).join(':');
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function fields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\' && i + 1 < line.length) cur += line[++i];
    else if (c === ':' && out.length < 4) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

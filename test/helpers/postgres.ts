// A throwaway PostgreSQL server for the history store tests (PRODUCT §18): Debian's binaries
// (/usr/lib/postgresql/<v>/bin, or pg_ctl on PATH), `initdb` + `pg_ctl` as the `postgres` user when
// running as root (both refuse root), a data folder that user owns, 127.0.0.1 on a free port, a
// generated password (scram-sha-256), removed after the file's tests. Without PostgreSQL the suite fails
// with one line saying how to install it: these tests never skip.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export interface PgServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** A new, empty database: its URL without the password (give it with PGPASSWORD). */
  database(): Promise<string>;
  /** The same URL with the password in it. */
  withPassword(url: string): string;
}

export const INSTALL_HINT =
  'PostgreSQL is not installed: the history store tests need its initdb and pg_ctl (Debian: apt-get install postgresql)';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length) return join(root, versions[0], 'bin');
  try {
    const found = execFileSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).trim();
    if (found) return join(found, '..');
  } catch {
    /* not on PATH either */
  }
  throw new Error(INSTALL_HINT);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts the server before the file's tests and removes it after them. */
export function usePostgres(): PgServer {
  const password = randomBytes(18).toString('base64url');
  const user = 'cardqr';
  let dir = '';
  let port = 0;
  let bin = '';
  let n = 0;
  const root = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) =>
    execFileSync(root ? 'runuser' : cmd, root ? ['-u', 'postgres', '--', cmd, ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
  const server: PgServer = {
    host: '127.0.0.1',
    get port() {
      return port;
    },
    user,
    password,
    withPassword: (url) => url.replace(`//${user}@`, `//${user}:${password}@`),
    database: async () => {
      const name = `h${++n}_${randomBytes(3).toString('hex')}`;
      const { default: postgres } = await import('postgres');
      const sql = postgres({ host: '127.0.0.1', port, user, pass: password, database: 'postgres', onnotice: () => {} });
      try {
        await sql.unsafe(`CREATE DATABASE ${name}`);
      } finally {
        await sql.end({ timeout: 5 });
      }
      return `postgres://${user}@127.0.0.1:${port}/${name}`;
    },
  };
  beforeAll(async () => {
    bin = binDir();
    dir = mkdtempSync(join(tmpdir(), 'cardqr-pg-'));
    const pw = join(dir, 'pw');
    writeFileSync(pw, password + '\n', { mode: 0o600 });
    if (root) {
      chownByName(dir, 'postgres');
      chownByName(pw, 'postgres');
    }
    chmodSync(dir, 0o700);
    port = await freePort();
    const data = join(dir, 'data');
    as(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      user,
      '--auth=scram-sha-256',
      `--pwfile=${pw}`,
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    rmSync(pw);
    as(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
      'start',
    ]);
  }, 120_000);
  afterAll(() => {
    if (!dir) return;
    try {
      if (bin) as(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    } catch {
      /* not started */
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }, 60_000);
  return server;
}

function chownByName(path: string, name: string): void {
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }));
  chownSync(path, id('-u'), id('-g'));
}

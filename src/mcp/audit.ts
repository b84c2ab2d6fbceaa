// The audit file of `cardqr mcp` (PRODUCT §17): one JSON line per tool call, in the state folder, 0600,
// rotated at 10 MB with 5 kept (`.1` newest … `.5` oldest). A line holds the time, the session, the
// tool, the ids it named and the outcome; never a key, a lead's contact or a tool's arguments.
import { appendFile, chmod, mkdir, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

export const AUDIT_MAX_BYTES = 10 * 1024 * 1024;
export const AUDIT_KEPT = 5;

export interface AuditEntry {
  tool: string;
  ids: string[];
  /** `ok`, or the error code of a refused or failed call. */
  outcome: string;
  session?: string;
}

export interface Audit {
  record(entry: AuditEntry): Promise<void>;
}

const MAX_IDS = 50;

export function fileAudit(
  path: string,
  now: () => Date,
  warn: (line: string) => void,
  maxBytes = AUDIT_MAX_BYTES,
): Audit {
  let chain: Promise<void> = Promise.resolve();
  let warned = false;
  const write = async (entry: AuditEntry) => {
    const ids = entry.ids.slice(0, MAX_IDS);
    const line = `${JSON.stringify({
      time: now().toISOString(),
      ...(entry.session ? { session: entry.session } : {}),
      tool: entry.tool,
      ids,
      ...(entry.ids.length > MAX_IDS ? { more_ids: entry.ids.length - MAX_IDS } : {}),
      outcome: entry.outcome,
    })}\n`;
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const size = await stat(path).then(
      (s) => s.size,
      () => 0,
    );
    if (size > 0 && size + line.length > maxBytes) await rotate(path);
    await appendFile(path, line, { mode: 0o600 });
    await chmod(path, 0o600);
  };
  return {
    record(entry) {
      // One writer at a time (rotation and append in order); a failure is said once and never stops a tool.
      chain = chain
        .then(() => write(entry))
        .catch((e: unknown) => {
          if (!warned)
            warn(`cannot write the audit file ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
          warned = true;
        });
      return chain;
    },
  };
}

async function rotate(path: string): Promise<void> {
  for (let n = AUDIT_KEPT - 1; n >= 1; n--) await rename(`${path}.${n}`, `${path}.${n + 1}`).catch(() => undefined);
  await rename(path, `${path}.1`);
}

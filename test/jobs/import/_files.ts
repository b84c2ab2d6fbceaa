// Test files for the import: fixtures copied into a temp dir (reports are written beside the CSV),
// generated CSVs, and report reading.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../../helpers/run-cli.js';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/import/', import.meta.url));

export function copyFixture(name: string, dir = tempDir('cardqr-import-')): string {
  const to = join(dir, name);
  copyFileSync(join(FIXTURES, name), to);
  return to;
}

export function writeCsv(name: string, text: string, dir = tempDir('cardqr-import-')): string {
  const to = join(dir, name);
  writeFileSync(to, text);
  return to;
}

/** A native-mode CSV for cmp_native with n valid rows (ids P-0001…). */
export function partnersCsv(n: number, from = 1): string {
  const rows = ['externalId,firstName,lastName,company,emails.0.label,emails.0.value'];
  for (let i = from; i < from + n; i++) {
    const id = String(i).padStart(4, '0');
    rows.push(`P-${id},First${id},Last${id},Partner ${id},Work,p${id}@partners.example`);
  }
  return rows.join('\n') + '\n';
}

/** The report's header and row lines; a run's closing `{type: 'end'}` line is left out (rawReportLines has it). */
export function readReportLines(path: string): any[] {
  return rawReportLines(path).filter((l) => l.type !== 'end');
}

export function rawReportLines(path: string): any[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** Resolves once `cond()` holds, checking on every turn of the event loop (no timers, no real waits). */
export function until(cond: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (cond() ? resolve() : setImmediate(check));
    check();
  });
}

/** The arguments of the `to resume:` line of a summary (paths in tests need no quoting). */
export function resumeArgs(stderr: string): string[] {
  const line = stderr.split('\n').find((l) => l.startsWith('to resume: '));
  if (!line) throw new Error(`no resume command in:\n${stderr}`);
  const [cardqr, ...args] = line.slice('to resume: '.length).trim().split(/\s+/);
  if (cardqr !== 'cardqr') throw new Error(`unexpected resume command: ${line}`);
  return args;
}

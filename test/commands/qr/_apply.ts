// Files and account checks shared by the `qr apply` tests.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Emulator } from '../../../src/emulator/index.js';

export interface CodeRow {
  shortCode: string;
  name?: string;
  destinationUrl?: string;
  status?: string;
}

const cell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export function writeApplyCsv(dir: string, rows: CodeRow[], name = 'codes.csv'): string {
  const lines = ['shortCode,name,destinationUrl,status'];
  for (const r of rows)
    lines.push([r.shortCode, r.name ?? '', r.destinationUrl ?? '', r.status ?? ''].map(cell).join(','));
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

/** `n` codes fair-0000…: a mix of statuses, names with commas, quotes and accents. */
export function fairRows(n: number, prefix = 'fair'): CodeRow[] {
  const statuses = ['published', 'draft', 'paused', 'archived'];
  return Array.from({ length: n }, (_, i) => ({
    shortCode: `${prefix}-${String(i).padStart(4, '0')}`,
    name: `Stand ${i}, "Hall ${i % 7}" — Café ${i}`,
    destinationUrl: `https://fair.example/${prefix}/${i}`,
    status: statuses[i % statuses.length],
  }));
}

/** Whether the account holds each row once, exactly as the row says (status default published). */
export function mismatches(emu: Emulator, rows: CodeRow[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const held = emu.store.qrCodes.filter((q) => q.shortCode.toLowerCase() === r.shortCode.toLowerCase());
    if (held.length !== 1) {
      out.push(`${r.shortCode}: ${held.length} codes`);
      continue;
    }
    const q = held[0];
    const want = {
      name: r.name ?? q.name,
      destinationUrl: r.destinationUrl ?? q.destinationUrl,
      status: r.status || 'published',
    };
    const got = { name: q.name, destinationUrl: q.destinationUrl, status: q.status };
    if (JSON.stringify(want) !== JSON.stringify(got))
      out.push(`${r.shortCode}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
  }
  return out;
}

export const writes = (emu: Emulator) => emu.requests().filter((r) => r.method === 'POST' || r.method === 'PATCH');

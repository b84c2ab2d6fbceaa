// `qr list --all -o csv --fields shortCode,name,destinationUrl,status` writes a file that `qr apply`
// accepts with zero changes: names with commas, quotes, line breaks, non-ASCII and formula-looking
// starts (which list writes with a leading '), every status (archived ones with --status archived).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { addQrCodes } from '../../helpers/records.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { writes } from './_apply.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
const NAMES = [
  'Hall 3, "North" stand',
  'Café Ünïcødé 東京',
  '=SUM(A1)',
  "'=already quoted",
  '-minus',
  '+33 6 12 34 56 78',
  '@at',
  'two\nlines',
];
const STATUSES = ['published', 'draft', 'paused', 'archived'] as const;

describe('qr list -o csv → qr apply', () => {
  it('10,000 codes round-trip with zero changes', async () => {
    const codes = addQrCodes(emu, 10_000, 'rt');
    codes.forEach((q, i) => {
      q.status = STATUSES[i % STATUSES.length];
      if (i % 10 === 0) q.name = `${NAMES[(i / 10) % NAMES.length]} ${i}`;
      if (i % 250 === 0) q.name = NAMES[(i / 250) % NAMES.length]; // exactly the odd text, nothing after it
    });
    const dir = tempDir();
    for (const [name, extra] of [
      ['live.csv', []],
      ['archived.csv', ['--status', 'archived']],
    ] as const) {
      const list = await runCli(
        ['qr', 'list', '--all', '-o', 'csv', '--fields', 'shortCode,name,destinationUrl,status', ...extra],
        { emu },
      );
      expect(list.exitCode).toBe(0);
      const file = join(dir, name);
      writeFileSync(file, list.stdout);
      const r = await runCli(['qr', 'apply', file], { emu });
      expect([r.exitCode, r.stderr]).toEqual([0, expect.stringMatching(/create 0, update 0, unchanged \d{4}/)]);
    }
    expect(writes(emu)).toEqual([]);
  });

  it('--csv-dialect excel (a byte-order mark, digits and phone numbers as ="…") round-trips too', async () => {
    const codes = addQrCodes(emu, 6, 'xl');
    ['004711', '123456789012345', '+33 6 12 34 56 78', '=1+1', 'Crème brûlée', '="quoted"'].forEach(
      (name, i) => (codes[i].name = name),
    );
    const list = await runCli(
      [
        'qr',
        'list',
        '--all',
        '-o',
        'csv',
        '--csv-dialect',
        'excel',
        '--fields',
        'shortCode,name,destinationUrl,status',
      ],
      { emu },
    );
    expect(list.stdout).toContain('"=""004711"""');
    const file = join(tempDir(), 'excel.csv');
    writeFileSync(file, list.stdout);
    const r = await runCli(['qr', 'apply', file], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringContaining('create 0, update 0')]);
    expect(writes(emu)).toEqual([]);
  });
});

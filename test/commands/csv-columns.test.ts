// `-o csv` never drops a value: documented columns plus `extra` (JSON of whatever else a record
// holds) for views with documented columns; the union of every record's fields for generic views;
// `leads get` rows like `leads list`. Checked against the same records as JSON.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { cellText, flatten } from '../../src/output/values.js';
import { useEmulator } from '../helpers/emulator.js';
import { json, runCli } from '../helpers/run-cli.js';

const emu = useEmulator();
type Row = Record<string, string>;
const csv = (text: string) => parse(text, { columns: true, bom: true }) as Row[];

/** Gives Kenji a full address and two fields a template added (not in the API's documented list). */
function enrichKenji(): void {
  const card = emu.store.cards.find((c) => c.id === 'crd_kenji');
  if (!card) throw new Error('seed changed: no crd_kenji');
  card.fields = {
    ...card.fields,
    photoUrl: 'https://cdn.example/kenji.jpg',
    companyLogoUrl: 'https://cdn.example/logo.png',
    address: { street: '1-2-3 Shibuya', city: 'Tokyo', postalCode: '150-0002', country: 'JP' },
    badgeNumber: 'B-12',
    languages: [{ label: 'Japanese', value: 'native' }],
  };
}

/** Every non-empty value of the JSON record is in its column or, keyed by path, in `extra`. */
function expectEveryValue(record: Record<string, unknown>, row: Row): void {
  const extra = row.extra ? (JSON.parse(row.extra) as Record<string, unknown>) : {};
  for (const [path, value] of Object.entries(flatten(record))) {
    if (path === 'object' || value === null || value === undefined || value === '') continue;
    if (path in row) expect(row[path], path).toBe(cellText(value));
    else expect(extra[path], `${path} in extra`).toEqual(value);
  }
}

describe('cards: every documented field has a column, anything else goes to `extra`', () => {
  it('cards get -o csv', async () => {
    enrichKenji();
    const r = await runCli(['cards', 'get', 'crd_kenji', '-o', 'csv'], { emu });
    expect(r.exitCode).toBe(0);
    const [row] = csv(r.stdout);
    for (const col of [
      'fields.bio',
      'fields.photoUrl',
      'fields.companyLogoUrl',
      'fields.address.street',
      'fields.address.postalCode',
    ]) {
      expect(Object.keys(row), col).toContain(col);
    }
    expect(row['fields.bio']).toBe('Robotics sales for Japan and Korea.');
    expect(row['fields.address.street']).toBe('1-2-3 Shibuya');
    expect(row['fields.address.postalCode']).toBe('150-0002');
    expect(Object.keys(row).at(-1)).toBe('extra');
    expect(JSON.parse(row.extra)).toEqual({
      'fields.badgeNumber': 'B-12',
      'fields.languages': [{ label: 'Japanese', value: 'native' }],
    });
    expectEveryValue(json(await runCli(['cards', 'get', 'crd_kenji', '-o', 'json'], { emu })), row);
  });

  it('cards list --all -o csv: the same header whatever the data, every value of every card', async () => {
    enrichKenji();
    const rows = csv((await runCli(['cards', 'list', '--all', '-o', 'csv'], { emu })).stdout);
    const records = json(await runCli(['cards', 'list', '--all', '-o', 'json'], { emu })) as Array<
      Record<string, unknown>
    >;
    expect(rows.map((x) => x.id)).toEqual(records.map((x) => x.id));
    records.forEach((rec, i) => expectEveryValue(rec, rows[i]));
    expect(rows.filter((x) => x.extra !== '').map((x) => x.id)).toEqual(['crd_kenji']);
    const empty = await runCli(['cards', 'list', '--search', 'nobody-by-this-name', '-o', 'csv'], { emu });
    expect(empty.stdout.split('\r\n')[0]).toBe(Object.keys(rows[0]).join(','));
  });

  it('--fields gives exactly those columns (no extra)', async () => {
    const r = await runCli(['cards', 'get', 'crd_kenji', '-o', 'csv', '--fields', 'id,fields.bio'], { emu });
    expect(r.stdout).toBe('id,fields.bio\r\ncrd_kenji,Robotics sales for Japan and Korea.\r\n');
  });
});

describe('generic views', () => {
  it("api of a list: the union of every record's fields, not the first record's", async () => {
    enrichKenji();
    const r = await runCli(['api', 'GET', '/cards', '--param', 'limit=100', '-o', 'csv'], { emu });
    expect(r.exitCode).toBe(0);
    const rows = csv(r.stdout);
    const records = (
      json(await runCli(['api', 'GET', '/cards', '--param', 'limit=100'], { emu })) as {
        data: Array<Record<string, unknown>>;
      }
    ).data;
    expect(records[0].id).not.toBe('crd_kenji');
    expect((records[0].fields as Record<string, unknown>).bio).toBeUndefined(); // the first record lacks what others have
    for (const col of ['fields.bio', 'fields.badgeNumber', 'fields.address.street', 'fields.photoUrl'])
      expect(Object.keys(rows[0])).toContain(col);
    records.forEach((rec, i) => expectEveryValue(rec, rows[i]));
  });
});

describe('leads', () => {
  it('leads get -o csv gives the same columns and cells as leads list -o csv', async () => {
    const list = csv((await runCli(['leads', 'list', '--all', '-o', 'csv'], { emu })).stdout);
    for (const id of ['lead_001', 'lead_030']) {
      const r = await runCli(['leads', 'get', id, '-o', 'csv'], { emu });
      expect(r.exitCode).toBe(0);
      const [row] = csv(r.stdout);
      expect(row).toEqual(list.find((x) => x.id === id));
    }
    const [one] = csv((await runCli(['leads', 'get', 'lead_001', '-o', 'csv'], { emu })).stdout);
    expect(one.answers).toContain('Your name: Hannah Schmidt');
    expect(one['contact.name']).toBe('Hannah Schmidt');
  });
});

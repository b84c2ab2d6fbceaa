// The formatter the leads export command hands to the engine (src/jobs/leads/export.ts): the format decision,
// each format's text, and what an existing --out file must start with to be added to.
import { describe, expect, test } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { leadExportFormat, leadExportFormatter } from '../../../src/output/leads/export.js';

const lead = {
  id: 'lead_1',
  createdAt: '2026-05-01T10:00:00Z',
  source: 'form',
  cardId: 'crd_1',
  locked: false,
  contact: { name: 'Ada', email: 'ada@example.com' },
};
const line = JSON.stringify(lead);

describe('leadExportFormat', () => {
  test('ndjson by default, csv or json when asked, ndjson for a lead file', () => {
    expect(leadExportFormat({}, undefined)).toBe('ndjson');
    expect(leadExportFormat({ output: 'csv' }, undefined)).toBe('csv');
    expect(leadExportFormat({ output: 'json' }, undefined)).toBe('json');
    expect(leadExportFormat({ output: 'vcf' }, { vcard: '4.0' })).toBe('ndjson');
  });

  test('any other -o is a usage error', () => {
    expect(() => leadExportFormat({ output: 'table' }, undefined)).toThrow(UsageError);
    expect(() => leadExportFormat({ output: 'table' }, undefined)).toThrow(
      'leads export writes ndjson, csv, json or vcf, not table (-o ndjson|csv|json|vcf)',
    );
  });
});

describe('leadExportFormatter', () => {
  test('ndjson: the spooled line as it is, or the --fields picked', async () => {
    expect((await leadExportFormatter('ndjson', undefined, {})).item(line)).toBe(`${line}\n`);
    const picked = await leadExportFormatter('ndjson', undefined, { fields: 'id,contact.email' });
    expect(picked.item(line)).toBe('{"id":"lead_1","contact":{"email":"ada@example.com"}}\n');
    const fits = picked.append.fits;
    if (fits === 'never') throw new Error('ndjson can be added to');
    // Lines this export writes: a lead, or an object of the --fields; never any JSON that starts with `{`.
    expect([fits.first('{"id":1}'), fits.last(line), fits.last('{"version":1,"baseUrl":"x"}'), fits.last('}')]).toEqual(
      [true, true, false, false],
    );
  });

  test('json: one indented array that cannot be added to', async () => {
    const f = await leadExportFormatter('json', undefined, { fields: 'id' });
    expect(f.header() + f.item(line) + f.item(line) + f.footer()).toBe(
      '[\n  {\n    "id": "lead_1"\n  },\n  {\n    "id": "lead_1"\n  }\n]\n',
    );
    expect(f.append.fits).toBe('never');
    const empty = await leadExportFormatter('json', undefined, {});
    expect(empty.header() + empty.footer()).toBe('[]\n');
  });

  test('csv: the leads view’s columns and row mapper; an existing file must have the same header', async () => {
    const f = await leadExportFormatter('csv', undefined, { csvDelimiter: ';' });
    expect(f.header()).toMatch(
      /^id;createdAt;source;trigger;cardId;cardName;formName;locked;archived;contact\.name;contact\.email;/,
    );
    expect(f.item(line)).toBe('lead_1;2026-05-01T10:00:00Z;form;;crd_1;;;false;false;Ada;ada@example.com;;;;;;;;;\r\n');
    const fits = f.append.fits;
    if (fits === 'never') throw new Error('csv can be added to');
    expect([fits.first(f.header().replace(/\r\n$/, '')), fits.first('id,name')]).toEqual([true, false]);
    expect([fits.last(f.item(line).replace(/\r\n$/, '')), fits.last('a;b'), fits.last('{"a":1}')]).toEqual([
      true,
      false,
      false,
    ]);
    expect(f.skipped()).toBe(0);
  });

  test('a lead file: vCards, locked leads skipped and counted', async () => {
    const f = await leadExportFormatter('ndjson', { vcard: '4.0' }, {});
    expect(f.item(line)).toMatch(/^BEGIN:VCARD\r\nVERSION:4\.0\r\n/);
    expect(f.item(JSON.stringify({ ...lead, locked: true, contact: null }))).toBe('');
    expect(f.skipped()).toBe(1);
    expect(f.append.label).toBe('vCard');
  });
});

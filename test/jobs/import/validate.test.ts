import { describe, expect, it } from 'vitest';
import type { CampaignSchema } from '../../../src/api/schemas/campaigns.js';
import { hash53, IdIndex, LineCounter, LineSet } from '../../../src/jobs/import/compact.js';
import { canonicalJson } from '../../../src/api/canonical-json.js';
import { buildPlan } from '../../../src/jobs/import/columns.js';
import { buildBody, checkRow, validateAll, type RowProblem } from '../../../src/jobs/import/validate.js';

const section = (key: string, props: string[], kind = 'list', max = 3, required = false) => ({
  key,
  label: key,
  kind,
  max,
  props: props.map((prop) => ({ prop, label: prop })),
  required,
});
const native: CampaignSchema = {
  object: 'campaign_schema',
  campaignId: 'cmp_n',
  templateId: 'tpl',
  payloadMode: 'native',
  fingerprint: 'fp',
  activatedFingerprint: 'fp',
  stale: false,
  fields: [
    { key: 'firstName', label: 'First name', required: true },
    { key: 'title', label: 'Title', required: false },
  ],
  sections: [
    section('emails', ['label', 'value'], 'list', 2, true),
    section('address', ['city', 'country'], 'object', 1),
  ],
  blocks: [{ id: 'blk_form', type: 'lead_form', props: [{ prop: 'formName', value: 'x' }] }],
  sample: { externalId: 'ext-1', fields: { firstName: 'Ada' } },
};
const mapped: CampaignSchema = {
  ...native,
  campaignId: 'cmp_m',
  payloadMode: 'mapped',
  fields: [
    { key: 'employee.id', label: 'Identifier', required: true },
    { key: 'employee.givenName', label: 'First name', required: true },
    { key: 'phones.0.number', label: 'Phone', required: false },
  ],
  sample: { employee: { id: 'ID-1', givenName: 'Ada' }, phones: [{ number: '1' }] },
};
const rec = (line: number, ...cells: string[]) => ({ line, cells });
async function* from<T>(items: T[]) {
  yield* items;
}

describe('buildPlan', () => {
  it('native: fields by name or dotted path, sections, blocks; the identifier and short code columns', () => {
    const plan = buildPlan(native, [
      'externalId',
      'firstName',
      'fields.title',
      'emails.0.label',
      'emails.1.value',
      'address.city',
      'blocks.blk_form.formName',
      'shortCode',
      'name',
    ]);
    expect(plan.problems).toEqual([]);
    expect(plan.columns.map((c) => c.path)).toEqual([
      ['externalId'],
      ['fields', 'firstName'],
      ['fields', 'title'],
      ['fields', 'emails', 0, 'label'],
      ['fields', 'emails', 1, 'value'],
      ['fields', 'address', 'city'],
      ['blocks', 'blk_form', 'formName'],
      ['shortCode'],
      ['name'],
    ]);
    expect([plan.idColumn, plan.shortCodeColumn]).toEqual([0, 7]);
  });

  it('native: unknown columns (with the nearest known name), duplicates, conflicts, list bounds, missing required', () => {
    const plan = buildPlan(native, [
      'extrnalId',
      'firstNme',
      'title',
      'title',
      'address',
      'address.city',
      'emails.2.value',
      '',
    ]);
    expect(plan.problems.map((p) => p.code)).toEqual([
      'unknown_column',
      'unknown_column',
      'duplicate_column',
      'unknown_column',
      'too_many_entries',
      'empty_column_name',
      'conflicting_columns',
      'missing_external_id',
      'missing_required_column',
    ]);
    expect(plan.problems[6].message).toBe(
      'columns "address" and "address.city" cannot both be set (one would overwrite the other)',
    );
    expect(plan.problems[0].message).toContain('did you mean "externalId"?');
    expect(plan.problems[1].message).toContain('did you mean "firstName"?');
  });

  it('spreadsheet headers: case, spaces, _ and - ignored (noted); --map first; an unknown name left as it is', () => {
    const plan = buildPlan(
      native,
      ['External ID', 'first_name', 'TITLE', 'Address City', 'E-mail', 'Department'],
      undefined,
      new Map([['E-mail', 'emails.0.value']]),
    );
    expect(plan.columns.map((c) => c.header)).toEqual([
      'externalId',
      'firstName',
      'title',
      'address.city',
      'emails.0.value',
      'Department',
    ]);
    expect(plan.headerNotes).toEqual([
      '"External ID" → externalId',
      '"first_name" → firstName',
      '"TITLE" → title',
      '"Address City" → address.city',
      '"E-mail" → emails.0.value (--map)',
    ]);
    expect(plan.problems.filter((p) => p.code === 'unknown_column').map((p) => p.message)).toEqual([
      'unknown column "Department"',
    ]);
  });

  it('mapped: record paths from the sample and the schema (array indexes of any number); anything else refused', () => {
    // The schema does not name the identifier's path: --id-column does, else the dry run resolves it.
    expect(buildPlan(mapped, ['employee.id']).resolveIds).toBe(true);
    const plan = buildPlan(
      mapped,
      ['employee.id', 'employee.givenName', 'phones.3.number', 'employee.nickname'],
      'employee.id',
    );
    expect([plan.idColumn, plan.resolveIds]).toEqual([0, false]);
    expect(buildPlan(mapped, ['employee.givenName'], 'employee.id').problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'missing_external_id' })]),
    );
    expect(buildPlan(native, ['externalId'], 'ref').problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'id_column_native' })]),
    );
    expect(plan.columns[2].path).toEqual(['phones', 3, 'number']);
    expect(plan.problems).toEqual([
      expect.objectContaining({ code: 'unknown_column', message: expect.stringContaining('"employee.nickname"') }),
    ]);
    expect(buildPlan({ ...mapped, fields: [], sample: {} }, ['any.thing']).problems).toEqual([]); // nothing known: accept
  });
});

describe('buildBody and checkRow', () => {
  it('empty cells are left out; native lists are compacted; mapped paths nest with their indexes', () => {
    const plan = buildPlan(native, [
      'externalId',
      'firstName',
      'emails.0.value',
      'emails.1.label',
      'emails.1.value',
      'address.city',
    ]);
    expect(buildBody(plan, ['P-1', 'Ada', '', 'Work', 'a@x', ''])).toEqual({
      externalId: 'P-1',
      fields: { firstName: 'Ada', emails: [{ label: 'Work', value: 'a@x' }] },
    });
    const m = buildPlan(mapped, ['employee.id', 'phones.1.number']);
    expect(canonicalJson(buildBody(m, ['E1', '555']))).toBe(
      '{"employee":{"id":"E1"},"phones":[null,{"number":"555"}]}',
    );
  });

  it('every problem of a row at once, with the API code that matches', () => {
    const plan = buildPlan(native, ['externalId', 'firstName', 'emails.0.value', 'shortCode']);
    const codes = (p: RowProblem[]) => p.map((x) => x.code);
    expect(checkRow(plan, rec(2, 'P-1', 'Ada', 'a@x', 'ok-code'))).toEqual([]);
    // emails is a required section, but sections[].required is not documented: the API judges it.
    expect(codes(checkRow(plan, rec(3, '', '', '', 'bad code')))).toEqual([
      'missing_external_id',
      'validation_failed',
      'invalid_short_link',
    ]);
    expect(codes(checkRow(plan, rec(4, ' ', 'A', 'a', 'login')))).toEqual([
      'invalid_external_id',
      'invalid_short_link',
    ]);
    expect(codes(checkRow(plan, rec(5, 'P-5', 'A', 'a', '', 'stray')))).toEqual(['too_many_values']);
    // "1 MB" read as 1,000,000 bytes (the smaller reading): a body over it is refused before sending.
    expect(codes(checkRow(plan, rec(6, 'P-6', 'A'.repeat(1_000_000), 'a', '')))).toEqual(['payload_too_large']);
    expect(codes(checkRow(plan, rec(7, 'P-7', 'é'.repeat(170_000), 'a', '')))).toEqual([]); // ~340 KB: under 1 MB
    expect(codes(checkRow(plan, rec(8, 'P-8', 'support', 'a', 'support')))).toEqual([]); // only the spec's five words are refused here
  });
});

describe('validateAll', () => {
  it('finds identifiers used twice anywhere (re-reading only the suspects) and counts rows within --max-rows', async () => {
    const plan = buildPlan(native, ['externalId', 'firstName', 'emails.0.value']);
    const rows = [
      rec(2, 'A', 'x', 'e'),
      rec(3, 'B', 'x', 'e'),
      rec(4, 'A', 'x', 'e'),
      rec(5, 'C', '', 'e'),
      rec(6, 'A', 'x', 'e'),
    ];
    const seen: RowProblem[][] = [];
    let rereads = 0;
    const v = await validateAll(
      from(rows),
      plan,
      (p) => seen.push(p),
      () => (rereads++, from(rows)),
      { maxRows: 2 },
    );
    expect(rereads).toBe(1);
    expect([v.rows, v.inRange, v.rangeEnd, v.problems, v.invalid.size]).toEqual([5, 2, 3, 4, 4]);
    expect(v.first.map((p) => [p.line, p.code])).toEqual([
      [2, 'duplicate_in_file'],
      [4, 'duplicate_in_file'],
      [5, 'validation_failed'],
      [6, 'duplicate_in_file'],
    ]);
    expect(v.first[0].message).toBe('identifier "A" appears again on lines 4, 6');
    expect(seen).toHaveLength(4);
    const clean = await validateAll(
      from(rows.slice(0, 2)),
      plan,
      () => {},
      () => {
        throw new Error('no re-read without a repeat');
      },
    );
    expect(clean.problems).toBe(0);
  });
});

describe('compact structures and keys', () => {
  it('IdIndex remembers fingerprints through growth; LineSet and LineCounter', () => {
    const idx = new IdIndex();
    for (let i = 0; i < 20_000; i++) expect(idx.add(hash53(`EMP-${i}`))).toBe(false);
    expect(idx.add(hash53('EMP-123'))).toBe(true);
    expect(idx.size).toBe(20_000);
    const set = new LineSet();
    for (const l of [2, 3, 9, 70_000]) set.add(l);
    set.add(3);
    expect([set.size, set.has(9), set.has(10), set.countUpTo(9), set.countUpTo(8), set.countUpTo(Infinity)]).toEqual([
      4,
      true,
      false,
      3,
      2,
      4,
    ]);
    const c = new LineCounter();
    c.increment(5000);
    c.increment(5000);
    expect([c.get(5000), c.get(4), c.get(1e7)]).toEqual([2, 0, 0]);
  });
});

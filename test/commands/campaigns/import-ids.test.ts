// Mapped-campaign identifiers by documented means only (issue 12): the schema does not say which record
// path holds the identifier, so the import resolves it with the dry run (dry_run.externalId) or takes
// --id-column, and checks every identifier before the first create.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import { canonicalJson } from '../../../src/api/canonical-json.js';
import { createSender } from '../../../src/jobs/import/send.js';
import { readReportLines, writeCsv } from '../../jobs/import/_files.js';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli } from '../../helpers/run-cli.js';

const emu = useEmulator();
const creates = () => emu.requests({ method: 'POST', path: /^\/campaigns\/[^/]+\/cards$/ });
const dryRuns = () => emu.requests({ method: 'POST', path: /^\/campaigns\/[^/]+\/cards\/test$/ });
const header = 'employee.id,employee.givenName,employee.familyName,contact.workEmail';

describe('mapped import identifiers', () => {
  it('a repeated identifier exits 2 before any create and names both lines (found by the dry run)', async () => {
    const file = writeCsv(
      'dup.csv',
      [header, 'EMP-7001,Ada,One,a@x.example', 'EMP-7002,Bob,Two,b@x.example', 'EMP-7001,Ada,Again,c@x.example'].join(
        '\n',
      ),
    );
    const r = await runCli(['campaigns', 'import', 'cmp_mapped', file], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('identifier "EMP-7001" appears again on line 4');
    expect(r.stderr).toContain('line 4: identifier "EMP-7001" already on line 2');
    expect(r.stderr).toContain('--id-column'); // says how to skip the dry runs
    expect(dryRuns()).toHaveLength(3);
    expect(creates()).toHaveLength(0);
  });

  it('--id-column <path>: the same check without a dry run; an identifier over 128 characters is refused too', async () => {
    const file = writeCsv(
      'dup2.csv',
      [
        header,
        'EMP-7001,Ada,One,a@x.example',
        'EMP-7001,Ada,Again,c@x.example',
        `${'E'.repeat(129)},Long,Id,l@x.example`,
      ].join('\n'),
    );
    const r = await runCli(['campaigns', 'import', 'cmp_mapped', file, '--id-column', 'employee.id'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('line 3: identifier "EMP-7001" already on line 2');
    expect(r.stderr).toContain('line 4: identifier must be 1 to 128 characters');
    expect(emu.requests({ method: 'POST' })).toHaveLength(0);
    const missing = await runCli(['campaigns', 'import', 'cmp_mapped', file, '--id-column', 'employee.ref'], { emu });
    expect([missing.exitCode, missing.stderr]).toEqual([
      2,
      expect.stringContaining('no "employee.ref" column (--id-column)'),
    ]);
    const native = await runCli(['campaigns', 'import', 'cmp_native', file, '--id-column', 'ref'], { emu });
    expect([native.exitCode, native.stderr]).toEqual([2, expect.stringContaining('is native')]);
  });

  it('a row without an identifier is found by the dry run before sending; report rows carry the identifier the API resolved', async () => {
    const bad = writeCsv('noid.csv', [header, 'EMP-7101,Ada,One,a@x.example', ',No,Id,n@x.example'].join('\n'));
    const r = await runCli(['campaigns', 'import', 'cmp_mapped', bad], { emu });
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringContaining('line 3: no identifier')]);
    expect(creates()).toHaveLength(0);
    const good = writeCsv(
      'ok.csv',
      [header, 'EMP-7201,Ada,One,a@x.example', 'EMP-7202,Bob,Two,b@x.example'].join('\n'),
    );
    expect((await runCli(['campaigns', 'import', 'cmp_mapped', good], { emu })).exitCode).toBe(0);
    expect(
      readReportLines(`${good}.report.ndjson`)
        .slice(1)
        .map((l) => [l.externalId, l.outcome]),
    ).toEqual([
      ['EMP-7201', 'created'],
      ['EMP-7202', 'created'],
    ]);
  });

  it('--max-rows rehearses a mapped import: only the first rows are resolved, checked and sent', async () => {
    const file = writeCsv(
      'rehearse.csv',
      [header, 'EMP-7301,Ada,One,a@x.example', 'EMP-7302,Bob,Two,b@x.example', 'EMP-7303,Cy,Three,c@x.example'].join(
        '\n',
      ),
    );
    const r = await runCli(['campaigns', 'import', 'cmp_mapped', file, '--max-rows', '1'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringContaining('--max-rows')]);
    expect(dryRuns()).toHaveLength(1);
    expect(creates()).toHaveLength(1);
  });

  it('--id-column naming the wrong column: the first create shows it, the import stops with the resume command', async () => {
    // the file's "identifiers" (emails) are unique, the campaign's (employee.id) are not
    const file = writeCsv(
      'wrong.csv',
      [header, 'EMP-7301,Ada,One,a@x.example', 'EMP-7301,Ada,Again,c@x.example'].join('\n'),
    );
    const r = await runCli(['campaigns', 'import', 'cmp_mapped', file, '--id-column', 'contact.workEmail'], { emu });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toContain('the API resolved identifier "EMP-7301", but --id-column gave "a@x.example"');
    expect(r.stderr).toContain('cardqr campaigns import cmp_mapped');
    expect(creates()).toHaveLength(1);
    expect(
      readReportLines(`${file}.report.ndjson`)
        .slice(1)
        .map((l) => [l.externalId, l.outcome]),
    ).toEqual([['EMP-7301', 'created']]);
  });

  it('an identifier created by an earlier row of the same run is failed, not exists; one card is never reported created twice', async () => {
    const client = new ApiClient({
      baseUrl: emu.baseUrl,
      apiKey: emu.keys.full,
      userAgent: 'test',
      timeoutMs: 5000,
      maxRetries: 0,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      now: () => Date.now(),
    });
    try {
      const send = await createSender(client, 'cmp_mapped', false);
      const body = canonicalJson({
        employee: { id: 'EMP-7401', givenName: 'Ada', familyName: 'One' },
        contact: { workEmail: 'a@x.example' },
      });
      const first = await send({ line: 2, externalId: 'EMP-7401', body, key: 'k-7401-a' });
      expect([first.row.outcome, first.row.message]).toEqual(['created', null]);
      const again = await send({ line: 5, externalId: 'EMP-7401', body, key: 'k-7401-b' }); // a new key: the API answers 409
      expect([again.row.outcome, again.row.errorCode, again.row.message]).toEqual([
        'failed',
        'duplicate_in_file',
        expect.stringContaining('line 2'),
      ]);
      const replay = await send({ line: 7, externalId: 'EMP-7401', body, key: 'k-7401-a' }); // the same key: the API replays the 201
      expect([replay.row.outcome, replay.row.cardId]).toEqual(['failed', first.row.cardId]);
      const seeded = await send({
        line: 9,
        externalId: 'EMP-1001',
        body: canonicalJson({ employee: { id: 'EMP-1001', givenName: 'F' } }),
        key: 'k-1001',
      });
      expect(seeded.row.outcome).toBe('exists'); // created before this run: exists
    } finally {
      await client.close();
    }
  });
});

import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { testRoutes } from '../../emulator/_util.js';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';

const emu = useEmulator({ extraRoutes: testRoutes });

describe('cardqr api', () => {
  it('a list in every format: json keeps the envelope, ndjson/csv give one item per line', async () => {
    const j = json(await runCli(['api', 'GET', '/widgets', '--param', 'limit=3'], { emu }));
    expect(j.object).toBe('list');
    expect(j.data).toHaveLength(3);
    const nd = await runCli(['api', 'GET', '/widgets?limit=3', '-o', 'ndjson'], { emu });
    expect(
      nd.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(j.data);
    const csv = await runCli(['api', 'GET', '/widgets', '--param', 'limit=3', '-o', 'csv', '--fields', 'id'], { emu });
    expect(parse(csv.stdout, { columns: true })).toHaveLength(3);
    const table = await runCli(['api', 'GET', '/me', '-o', 'table'], { emu });
    expect(table.stdout).toContain('api_key_context');
  });

  it('sends --data from a file and from stdin with an automatic Idempotency-Key', async () => {
    const r = await runCli(['api', 'POST', '/widgets', '--data', '-'], { emu, stdin: '{"from":"stdin"}' });
    expect(json(r).body).toEqual({ from: 'stdin' });
    expect(emu.requests({ path: '/widgets' })[0].headers['idempotency-key']).toBeTruthy();
    expect(emu.requests({ path: '/widgets' })[0].headers['user-agent']).toMatch(/^cardqr\//);
  });

  it('-o vcf is refused before any request: nothing is created', async () => {
    const data = '{"name":"x","destinationUrl":"https://x.example"}';
    const r = await runCli(['api', 'POST', '/qr-codes', '--data', data, '-o', 'vcf'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('-o vcf (vCard) applies to leads');
    const paged = await runCli(['api', 'GET', '/qr-codes', '--paginate', '-o', 'vcf'], { emu });
    expect(paged.exitCode).toBe(2);
    expect(emu.requests()).toEqual([]);
  });

  it('shows every details entry of an error on its own line, and the JSON error with -o json', async () => {
    const r = await runCli(['api', 'GET', '/throws', '-o', 'json'], { emu });
    expect(r.exitCode).toBe(5);
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe('error: validation_failed (422): Bad.');
    expect(lines[1]).toBe('  name: invalid_type: Required');
    expect(r.stderr).toContain('"code":"validation_failed"');
  });
});

import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { testRoutes } from '../../emulator/_util.js';
import { useEmulator } from '../../helpers/emulator.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { json, runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator({ extraRoutes: testRoutes });

const dir = tempDir();

describe('cardqr api: answers that are not JSON', () => {
  it("an SVG answer goes to stdout as it came; -O writes a PNG answer's bytes to a file", async () => {
    const svg = await runCli(['api', 'GET', '/qr-codes/qr_roboconf/image', '-p', 'format=svg'], { emu });
    expect([svg.exitCode, svg.stderr]).toEqual([0, '']);
    expect(svg.stdout).toMatch(/^<\?xml[^]*<svg[^]*<\/svg>\s*$/);
    const png = join(dir, 'code.png');
    const r = await runCli(['api', 'GET', '/qr-codes/qr_roboconf/image', '-O', png], { emu });
    expect([r.exitCode, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toMatch(/^wrote image\/png \(\d+ bytes\) to .*code\.png\n$/);
    const bytes = readFileSync(png);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // The same bytes `cardqr image` saves.
    const same = join(dir, 'same.png');
    expect((await runCli(['image', 'qr_roboconf', '-O', same], { emu })).exitCode).toBe(0);
    expect(bytes.equals(readFileSync(same))).toBe(true);
  });

  it('image bytes are not written to a terminal (exit 2, one line); -O saves a JSON answer as it came', async () => {
    const r = await runCli(['api', 'GET', '/qr-codes/qr_roboconf/image'], { emu, tty: true, env: { NO_COLOR: '1' } });
    expect([r.exitCode, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(
      /^error: the answer is image\/png \(\d+ bytes\): not written to a terminal; redirect standard output or use -O <file>\n$/,
    );
    const me = join(dir, 'me.json');
    const j = await runCli(['api', 'GET', '/me', '-O', me], { emu });
    expect([j.exitCode, j.stdout]).toEqual([0, '']);
    expect(JSON.parse(readFileSync(me, 'utf8')).object).toBe('api_key_context');
    const paged = await runCli(['api', 'GET', '/cards', '--paginate', '-O', join(dir, 'x.json')], { emu });
    expect([paged.exitCode, existsSync(join(dir, 'x.json'))]).toEqual([2, false]);
  });
});

describe('cardqr api -O: files we write, checked before anything is sent', () => {
  // Same class as image -O and print -O (commands/out-file.ts): a POST whose answer could not be saved
  // would have created something the operator never learns the id of.
  it.each([
    [
      'a missing directory',
      () => join(tempDir(), 'missing', 'card.json'),
      /-O .*card\.json: directory .*missing does not exist/,
    ],
    ['a directory', () => tempDir(), /-O .* is a directory$/m],
    ['a character device', () => '/dev/null', /-O \/dev\/null is a terminal or device, not a regular file/],
  ])('%s: exit 2, no request', async (_name, target, message) => {
    emu.clearRequests();
    const r = await runCli(['api', 'POST', '/cards', '--data', '{"fields":{"firstName":"Ada"}}', '-O', target()], {
      emu,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(emu.requests()).toHaveLength(0);
  });
});

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

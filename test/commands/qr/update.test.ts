import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';
import { call } from '../../emulator/_util.js';

const emu = useEmulator();
const hop = (code: string) => call(emu, 'GET', `/p/${code}`, { key: null }).then((r) => r.status);

describe('cardqr qr update and the status shortcuts', () => {
  it('changes only what is given; the short link stays and now lands elsewhere', async () => {
    const r = await runCli(['qr', 'update', 'qr_support', '--url', 'https://help.acme.example/'], { emu });
    expect(r.exitCode).toBe(0);
    expect(emu.requests({ method: 'PATCH' })[0].body).toEqual({ destinationUrl: 'https://help.acme.example/' });
    expect(json(r)).toMatchObject({
      name: 'Support portal',
      shortCode: 'acme-support',
      destinationUrl: 'https://help.acme.example/',
    });
    const res = await call(emu, 'GET', '/p/acme-support', { key: null });
    expect(res.headers.get('location')).toBe('https://help.acme.example/');
  });

  it('the state table, route by route, through the CLI', async () => {
    const qr = json(
      await runCli(
        [
          'qr',
          'create',
          '--name',
          'States',
          '--url',
          'https://x.example/s',
          '--short-code',
          'cli-states',
          '--status',
          'draft',
        ],
        { emu },
      ),
    );
    expect(await hop('cli-states')).toBe(302); // draft never published: preview
    expect(emu.store.scanCount(qr.id)).toBe(0);
    const steps: Array<[string[], string, number]> = [
      [['qr', 'publish', qr.id], 'published', 302],
      [['qr', 'pause', qr.id], 'paused', 423],
      [['qr', 'publish', qr.id], 'published', 302],
      [['qr', 'update', qr.id, '--status', 'draft'], 'draft', 423], // published, then draft
      [['qr', 'archive', qr.id], 'archived', 410],
      [['qr', 'publish', qr.id], 'published', 302],
    ];
    for (const [args, status, code] of steps) {
      const r = await runCli(args, { emu });
      expect([args.join(' '), r.exitCode, json(r).status, await hop('cli-states')]).toEqual([
        args.join(' '),
        0,
        status,
        code,
      ]);
    }
    expect(json(await runCli(['qr', 'list'], { emu })).some((q: { id: string }) => q.id === qr.id)).toBe(true);
    await runCli(['qr', 'archive', qr.id], { emu });
    expect(json(await runCli(['qr', 'list'], { emu })).some((q: { id: string }) => q.id === qr.id)).toBe(false);
    await runCli(['qr', 'delete', qr.id, '--yes'], { emu });
    expect(await hop('cli-states')).toBe(410);
  });

  it('table on a terminal, csv and -q', async () => {
    const t = await runCli(['qr', 'update', 'qr_promo', '--name', 'Summer promo'], { emu, tty: true });
    expect(t.stdout).toContain('Summer promo');
    const rows = parse((await runCli(['qr', 'pause', 'qr_promo', '-o', 'csv'], { emu })).stdout, {
      columns: true,
    }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ id: 'qr_promo', status: 'paused' });
    expect((await runCli(['qr', 'publish', 'qr_promo', '-q'], { emu })).stdout).toBe('qr_promo\n');
  });

  it('usage errors are exit 2 with nothing sent', async () => {
    for (const args of [
      [],
      ['--status', 'deleted'],
      ['--url', 'www.example.com'],
      ['--name', ''],
      ['--short-code', 'x'],
    ]) {
      const r = await runCli(['qr', 'update', 'qr_support', ...args], { emu });
      expect([args.join(' '), r.exitCode]).toEqual([args.join(' '), 2]);
    }
    expect(emu.requests()).toEqual([]);
  });

  it('API refusals: destination of a file code 422 (exit 5), card id 404 (exit 4), scope 403 (exit 3), reused key 409', async () => {
    const file = await runCli(['qr', 'update', 'qr_spec_sheet', '--url', 'https://x.example/new.pdf'], { emu });
    expect(file.exitCode).toBe(5);
    expect(file.stderr).toContain('error: validation_failed (422)');
    expect(file.stderr).toContain(
      '  destinationUrl: invalid_type: The destination of a file code cannot be changed through the API',
    );
    expect((await runCli(['qr', 'pause', 'crd_amelie'], { emu })).exitCode).toBe(4);
    expect((await runCli(['qr', 'pause', 'qr_promo'], { emu, key: emu.keys.readonly })).exitCode).toBe(3);
    await runCli(['qr', 'update', 'qr_promo', '--name', 'A', '--idempotency-key', 'same'], { emu });
    const reused = await runCli(['qr', 'update', 'qr_promo', '--name', 'B', '--idempotency-key', 'same'], { emu });
    expect([reused.exitCode, reused.stderr]).toEqual([5, expect.stringContaining('idempotency_key_reused (409)')]);
  });
});

describe('cardqr qr delete', () => {
  it('refused without a terminal or --yes; on a terminal it names each code and its short link', async () => {
    const refused = await runCli(['qr', 'delete', 'qr_careers'], { emu });
    expect([refused.exitCode, emu.requests()]).toEqual([2, []]);
    const r = await runCli(['qr', 'delete', 'qr_careers'], { emu, tty: true, answers: ['y'] });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(
      `qr_careers  Careers landing page  ${emu.publicBaseUrl}/p/acme-careers -> https://pages.cardqr.example/acme-careers`,
    );
    expect(r.stderr).toContain('Its short link stops redirecting at once');
    expect(await hop('acme-careers')).toBe(410);
    const taken = await runCli(
      ['qr', 'create', '--name', 'x', '--url', 'https://x.example', '--short-code', 'acme-careers'],
      { emu },
    );
    expect([taken.exitCode, taken.stderr]).toEqual([5, expect.stringContaining('invalid_request (400)')]);
  });

  it('several ids: goes on past a failure (exit 7); one bad id is exit 4', async () => {
    const r = await runCli(['qr', 'delete', 'qr_promo', 'crd_amelie', 'qr_webinar', '--yes'], { emu });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain('error: crd_amelie: resource_not_found (404)');
    expect(emu.store.qrCodes.some((q) => q.id === 'qr_promo' || q.id === 'qr_webinar')).toBe(false);
    expect((await runCli(['qr', 'delete', 'qr_flyer', '--yes'], { emu })).exitCode).toBe(4);
  });
});

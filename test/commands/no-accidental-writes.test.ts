// Issue 15 item 6: an empty `cards create` refuses; --dry-run sends no write; updates that clear data
// or rename the card ask on a terminal and need --yes in scripts.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { json, runCli } from '../helpers/run-cli.js';

const emu = useEmulator();
const writes = () => emu.requests().filter((r) => r.method !== 'GET');

describe('cards create with no field', () => {
  it('refuses (exit 2, nothing sent) unless --allow-empty', async () => {
    const cardsBefore = emu.store.cards.length;
    for (const args of [[], ['--name', 'Placeholder'], ['--data', '{}'], ['--field', 'title=']]) {
      const r = await runCli(['cards', 'create', ...args], { emu });
      expect([args, r.exitCode, r.stderr]).toEqual([
        args,
        2,
        expect.stringContaining('error: no field given: the card would be empty'),
      ]);
    }
    expect(writes()).toEqual([]);
    const ok = await runCli(['cards', 'create', '--allow-empty', '--status', 'draft'], { emu });
    expect(ok.exitCode).toBe(0);
    expect(json(ok).name).toBe('Untitled card');
    expect(emu.store.cards.length).toBe(cardsBefore + 1);
  });
});

describe('--dry-run prints the request and sends no write', () => {
  it('cards create', async () => {
    const r = await runCli(
      [
        'cards',
        'create',
        '--field',
        'firstName=Ada',
        '--email',
        'Work=ada@example.com',
        '--short-code',
        'ada-l',
        '--dry-run',
      ],
      { emu },
    );
    expect(r.exitCode).toBe(0);
    expect(json(r)).toEqual({
      dryRun: true,
      method: 'POST',
      path: '/cards',
      body: { fields: { firstName: 'Ada', emails: [{ label: 'Work', value: 'ada@example.com' }] }, shortCode: 'ada-l' },
    });
    expect(r.stderr).toContain('dry run: nothing was sent');
    expect(writes()).toEqual([]);
    // --fields applies to the dry-run document (not checked against the card's fields).
    const picked = await runCli(
      ['cards', 'create', '--field', 'firstName=Ada', '--dry-run', '--fields', 'method,body.fields'],
      { emu },
    );
    expect(json(picked)).toEqual({ method: 'POST', body: { fields: { firstName: 'Ada' } } });
    // Still checked like the real thing: a template's rules, before anything.
    const bad = await runCli(['cards', 'create', '--template', 'tpl_sales', '--field', 'firstName=A', '--dry-run'], {
      emu,
    });
    expect(bad.exitCode).toBe(2);
  });

  it('cards update: the merged document, and what it would clear or rename', async () => {
    const before = emu.store.cards.find((c) => c.id === 'crd_jose')!;
    const fields = structuredClone(before.fields);
    const r = await runCli(
      ['cards', 'update', 'crd_jose', '--template', 'tpl_event', '--field', 'title=Chief designer', '--dry-run'],
      { emu },
    );
    expect(r.exitCode).toBe(0);
    const doc = json(r);
    expect(doc).toMatchObject({
      dryRun: true,
      method: 'PATCH',
      path: '/cards/crd_jose',
      body: { templateId: 'tpl_event', fields: { title: 'Chief designer', emails: fields.emails } },
    });
    expect(doc.body.fields).not.toHaveProperty('bio');
    expect(r.stderr).toContain('note: this update clears bio');
    expect(writes()).toEqual([]);
    expect(emu.store.cards.find((c) => c.id === 'crd_jose')!.fields).toEqual(fields);
  });

  it('qr create and qr update', async () => {
    const c = await runCli(['qr', 'create', '--name', 'Menu', '--url', 'https://x.example/m', '--dry-run'], { emu });
    expect(json(c)).toEqual({
      dryRun: true,
      method: 'POST',
      path: '/qr-codes',
      body: { name: 'Menu', destinationUrl: 'https://x.example/m' },
    });
    const u = await runCli(['qr', 'update', 'qr_support', '--status', 'paused', '--dry-run'], { emu });
    expect(json(u)).toEqual({
      dryRun: true,
      method: 'PATCH',
      path: '/qr-codes/qr_support',
      body: { status: 'paused' },
    });
    const missing = await runCli(['qr', 'update', 'qr_nope', '--status', 'paused', '--dry-run'], { emu });
    expect(missing.exitCode).toBe(4);
    expect(writes()).toEqual([]);
  });
});

describe('updates that clear data or rename ask first', () => {
  it('a template that hides a field: asks on a terminal; "n" writes nothing; scripts need --yes', async () => {
    const args = ['cards', 'update', 'crd_jose', '--template', 'tpl_event'];
    const no = await runCli(args, { emu, tty: true, answers: ['n'] });
    expect(no.prompts).toEqual(['Apply it? [y/N] ']);
    expect([no.exitCode, no.stderr]).toEqual([2, expect.stringContaining('cancelled: nothing was changed')]);
    const script = await runCli(args, { emu });
    expect([script.exitCode, script.stderr]).toEqual([2, expect.stringContaining('pass --yes to confirm')]);
    expect(writes()).toEqual([]);
    const yes = await runCli([...args, '--yes'], { emu });
    expect(yes.exitCode).toBe(0);
    expect(writes()).toHaveLength(1);
  });

  it('a plain merge that keeps the name asks nothing', async () => {
    const r = await runCli(['cards', 'update', 'crd_jose', '--field', 'title=Chief designer'], { emu });
    expect([r.exitCode, r.stderr, r.prompts]).toEqual([0, '', []]);
  });

  it('a first-name change renames the card: needs --yes in a script', async () => {
    const r = await runCli(['cards', 'update', 'crd_ngozi', '--field', 'firstName=Ngo'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([
      2,
      expect.stringContaining('renames the card "Ngozi Okafor" to "Ngo Okafor"'),
    ]);
    expect(writes()).toEqual([]);
  });
});

import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';

const emu = useEmulator();
const patches = () => emu.requests({ method: 'PATCH' });
const fieldsOf = (id: string) => structuredClone(emu.store.cards.find((c) => c.id === id)!.fields);

describe('cardqr cards update (merge by default)', () => {
  it('one changed field keeps every other field: the complete data is sent', async () => {
    const before = fieldsOf('crd_jose');
    const r = await runCli(['cards', 'update', 'crd_jose', '--field', 'title=Lead designer'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(json(r).fields).toEqual({ ...before, title: 'Lead designer' });
    expect(fieldsOf('crd_jose')).toEqual({ ...before, title: 'Lead designer' });
    expect(patches()[0].body).toEqual({ fields: { ...before, title: 'Lead designer' } });
    expect(emu.requests().map((q) => q.method)).toEqual(['GET', 'PATCH']);
  });

  it('--replace sends exactly what was given: other scalar fields are cleared, sections kept', async () => {
    const before = fieldsOf('crd_jose');
    const args = [
      'cards',
      'update',
      'crd_jose',
      '--replace',
      '--field',
      'firstName=José',
      '--field',
      'title=Lead designer',
    ];
    // It clears data and renames the card: refused in a script without --yes, nothing written.
    const refused = await runCli(args, { emu });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('clears lastName ("Álvarez Peña"): --replace sends only the fields given');
    expect(refused.stderr).toContain(
      'clears bio ("Designing friendly machines since 2009."): --replace sends only the fields given',
    );
    expect(refused.stderr).toContain('renames the card "José Álvarez Peña" to "José"');
    expect(patches()).toEqual([]);
    const r = await runCli([...args, '--yes'], { emu });
    expect(r.exitCode).toBe(0);
    expect(patches()[0].body).toEqual({ fields: { firstName: 'José', title: 'Lead designer' } });
    const after = fieldsOf('crd_jose');
    expect(after).toEqual({
      firstName: 'José',
      title: 'Lead designer',
      emails: before.emails,
      phones: before.phones,
      links: before.links,
      address: before.address,
    });
    expect(json(r).name).toBe('José');
  });

  it('an empty value clears a field; list flags replace a section; address parts merge', async () => {
    const before = fieldsOf('crd_ngozi');
    const r = json(
      await runCli(
        [
          'cards',
          'update',
          'crd_ngozi',
          '--field',
          'title=',
          '--phone',
          'Office=+234 1 234 5678',
          '--field',
          'address.street=1 Marina',
          '--field',
          'links=',
        ],
        { emu },
      ),
    );
    expect(r.fields).not.toHaveProperty('title');
    expect(r.fields).not.toHaveProperty('links');
    expect(r.fields.phones).toEqual([{ label: 'Office', value: '+234 1 234 5678' }]);
    expect(r.fields.address).toEqual({ ...before.address, street: '1 Marina' });
    expect(r.fields.emails).toEqual(before.emails);
    expect(patches()[0].body).toMatchObject({ fields: { links: null } });
  });

  it('a card with a template: locked and hidden values are left for the service; the rules are checked first', async () => {
    // crd_kenji holds an address that tpl_sales hides (set before the rule): leaving it out keeps it.
    const before = fieldsOf('crd_kenji');
    const r = await runCli(['cards', 'update', 'crd_kenji', '--field', 'title=Regional lead'], {
      emu,
      tty: true,
      answers: ['y'],
      env: { NO_COLOR: '1' },
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(
      'This update of crd_kenji (渡辺 健二):\n  renames the card "渡辺 健二" to "健二 渡辺" (the name follows first + last name)\n',
    );
    expect(r.prompts).toEqual(['Apply it? [y/N] ']);
    const sent = patches()[0].body as { fields: Record<string, unknown> };
    expect(sent.fields).not.toHaveProperty('address');
    expect(sent.fields).not.toHaveProperty('company');
    expect(fieldsOf('crd_kenji')).toEqual({ ...before, title: 'Regional lead' });
    const bad = await runCli(
      [
        'cards',
        'update',
        'crd_kenji',
        '--field',
        'company=Rival',
        '--field',
        'address.city=Osaka',
        '--field',
        'firstName=',
      ],
      { emu },
    );
    expect(bad.exitCode).toBe(2);
    for (const line of [
      'company: locked by template tpl_sales',
      'address: hidden by template tpl_sales',
      'firstName: required by template tpl_sales',
    ])
      expect(bad.stderr).toContain(line);
    expect(patches()).toHaveLength(1);
  });

  it('linking a template drops what it hides (with a warning) and checks its rules; --unlink-template lifts them', async () => {
    const hidden = await runCli(['cards', 'update', 'crd_jose', '--template', 'tpl_event', '--yes'], { emu });
    expect(hidden.exitCode).toBe(0);
    expect(hidden.stderr).toContain(
      'clears bio ("Designing friendly machines since 2009."): template tpl_event hides it and the API refuses to keep it',
    );
    expect(json(hidden)).toMatchObject({ templateId: 'tpl_event', fields: { phones: expect.any(Array) } });
    expect(json(hidden).fields).not.toHaveProperty('bio');
    const relocked = await runCli(['cards', 'update', 'crd_ngozi', '--template', 'tpl_corporate', '--yes'], { emu });
    expect(relocked.exitCode).toBe(0);
    expect(relocked.stderr).toContain(
      'replaces company ("Kora Labs") by "Acme Robotics": template tpl_corporate locks it',
    );
    expect(json(relocked).fields).toMatchObject({ company: 'Acme Robotics', companyLogoUrl: expect.any(String) });
    const refused = await runCli(
      ['cards', 'update', 'crd_ngozi', '--template', 'tpl_corporate', '--field', 'company=Kora Labs'],
      { emu },
    );
    expect([refused.exitCode, refused.stderr]).toEqual([
      2,
      expect.stringContaining('company: locked by template tpl_corporate'),
    ]);
    const missing = await runCli(['cards', 'update', 'crd_mateus', '--template', 'tpl_sales', '--field', 'phones='], {
      emu,
    });
    expect([missing.exitCode, missing.stderr]).toEqual([
      2,
      expect.stringContaining('phones: required by template tpl_sales'),
    ]);
    const unlinked = json(
      await runCli(['cards', 'update', 'crd_amelie', '--unlink-template', '--field', 'company=Freelance'], { emu }),
    );
    expect(unlinked).toMatchObject({ templateId: null, fields: { company: 'Freelance' } });
    expect(patches().at(-1)?.body).toMatchObject({ templateId: null });
  });

  it('a misspelled key is refused with no request; other usage errors too', async () => {
    const r = await runCli(['cards', 'update', 'crd_jose', '--field', 'lastname=Peña'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([
      2,
      expect.stringContaining('unknown field "lastname" (did you mean lastName?)'),
    ]);
    const cases = [
      [],
      ['--template', 'tpl_event', '--unlink-template'],
      ['--data', '{"fields":{},"status":"paused"}'],
      ['--idempotency-key', ''],
    ];
    for (const args of cases)
      expect([args.join(' '), (await runCli(['cards', 'update', 'crd_jose', ...args], { emu })).exitCode]).toEqual([
        args.join(' '),
        2,
      ]);
    expect(emu.requests()).toEqual([]);
  });

  it('API errors: 404 (exit 4), 422 with details (exit 5), missing scope (exit 3)', async () => {
    expect((await runCli(['cards', 'update', 'qr_support', '--field', 'title=x'], { emu })).exitCode).toBe(4);
    expect((await runCli(['cards', 'update', 'qr_support', '--replace', '--field', 'title=x'], { emu })).exitCode).toBe(
      4,
    );
    expect((await runCli(['cards', 'update', 'crd_jose', '--template', 'tpl_nope'], { emu })).exitCode).toBe(4);
    const invalid = await runCli(['cards', 'update', 'crd_jose', '--link', 'myspace=x'], { emu });
    expect([invalid.exitCode, invalid.stderr]).toEqual([
      5,
      expect.stringContaining('fields.links.0.type: invalid_enum_value'),
    ]);
    // --replace reads the card too, so the template's rules are checked before sending (exit 2).
    const rule = await runCli(
      [
        'cards',
        'update',
        'crd_amelie',
        '--replace',
        '--field',
        'firstName=A',
        '--field',
        'lastName=L',
        '--field',
        'title=T',
        '--field',
        'bio=x',
        '--yes',
      ],
      { emu },
    );
    expect([rule.exitCode, rule.stderr]).toEqual([2, expect.stringContaining('bio: hidden by template tpl_corporate')]);
    expect(patches().filter((q) => q.path.includes('crd_amelie'))).toEqual([]);
    expect(
      (await runCli(['cards', 'update', 'crd_jose', '--field', 'title=x'], { emu, key: emu.keys.readonly })).exitCode,
    ).toBe(3);
  });

  it('table on a terminal, csv and -q', async () => {
    const t = await runCli(['cards', 'update', 'crd_zoe', '--field', 'title=Director'], { emu, tty: true });
    expect(t.stdout).toContain('title: Director');
    const c = await runCli(['cards', 'update', 'crd_zoe', '--field', 'title=VP', '-o', 'csv'], { emu });
    expect((parse(c.stdout, { columns: true }) as Record<string, string>[])[0]['fields.title']).toBe('VP');
    const q = await runCli(['cards', 'update', 'crd_zoe', '--field', 'title=SVP', '-q'], { emu });
    expect([q.exitCode, q.stdout]).toEqual([0, 'crd_zoe\n']);
  });
});

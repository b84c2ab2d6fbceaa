import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { holdShortCode } from '../../../src/emulator/card-factory.js';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();
const ada = ['--field', 'firstName=Ada', '--field', 'lastName=Lovelace', '--email', 'Work=ada@example.com'];
const posts = () => emu.requests({ method: 'POST' });
const corporate = [
  '--template',
  'tpl_corporate',
  '--field',
  'firstName=Ines',
  '--field',
  'lastName=Duarte',
  '--field',
  'title=Engineer',
  '--email',
  'Work=ines@acme-robotics.example',
];

describe('cardqr cards create', () => {
  it('table on a terminal; json otherwise; flags become fields; an Idempotency-Key is sent', async () => {
    const t = await runCli(
      [
        'cards',
        'create',
        ...ada,
        '--link',
        'linkedin=linkedin.com/in/ada',
        '--field',
        'address.city=London',
        '--short-code',
        'ada-l',
      ],
      { emu, tty: true },
    );
    expect([t.exitCode, t.stderr]).toEqual([0, '']);
    expect(t.stdout).toContain('Ada Lovelace');
    expect(t.stdout).toContain(`${emu.publicBaseUrl}/c/ada-l`);
    const sent = posts()[0];
    expect(sent.body).toEqual({
      fields: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        emails: [{ label: 'Work', value: 'ada@example.com' }],
        links: [{ type: 'linkedin', url: 'linkedin.com/in/ada' }],
        address: { city: 'London' },
      },
      shortCode: 'ada-l',
    });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const card = json(
      await runCli(['cards', 'create', '--name', 'Front desk', '--status', 'draft', '--phone', '+33100000000'], {
        emu,
      }),
    );
    expect(card).toMatchObject({
      object: 'card',
      name: 'Front desk',
      status: 'draft',
      paused: false,
      fields: { phones: [{ label: 'Mobile', value: '+33100000000' }] },
    });
  });

  it('--data from a file or stdin (fields or a card document); flags win; csv and -q', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'grace.json'),
      JSON.stringify({ fields: { firstName: 'Grace', lastName: 'Hopper', title: 'Admiral' }, shortCode: 'grace-h' }),
    );
    const csv = await runCli(
      ['cards', 'create', '--data', `@${join(dir, 'grace.json')}`, '--field', 'title=Rear Admiral', '-o', 'csv'],
      { emu },
    );
    const rows = parse(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ name: 'Grace Hopper', shortCode: 'grace-h', 'fields.title': 'Rear Admiral' });
    const q = await runCli(['cards', 'create', '--data', '-', '-q'], {
      emu,
      stdin: '{"firstName":"Alan","lastName":"Turing"}',
    });
    expect([q.exitCode, q.stdout, q.stderr]).toEqual([0, expect.stringMatching(/^crd_\w+\n$/), '']);
    expect(emu.store.cards.some((c) => c.name === 'Alan Turing')).toBe(true);
  });

  it('a misspelled field key is refused, naming the nearest key, with no request sent', async () => {
    const r = await runCli(['cards', 'create', '--field', 'fristName=Ada', '--field', 'lastName=L'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('error: unknown field "fristName" (did you mean firstName?)');
    expect(r.stderr).toContain('--allow-unknown-fields');
    const many = await runCli(
      ['cards', 'create', '--data', '{"fields":{"emials":[],"address":{"citty":"Lyon"}},"nmae":"x"}'],
      { emu },
    );
    expect(many.exitCode).toBe(2);
    expect(many.stderr).toContain('unknown key "nmae" in --data (did you mean name?)');
    const fields = await runCli(['cards', 'create', '--data', '{"emials":[],"address":{"citty":"Lyon"}, "title": 5}'], {
      emu,
    });
    expect(fields.stderr).toContain('3 problems with the card fields; nothing was sent');
    expect(fields.stderr).toContain('unknown field "emials" (did you mean emails?)');
    expect(fields.stderr).toContain('unknown field "address.citty" (did you mean address.city?)');
    expect(fields.stderr).toContain('title: expected a string');
    const withTemplate = await runCli(['cards', 'create', ...corporate, '--field', 'jobTitle=x'], { emu });
    expect([withTemplate.exitCode, withTemplate.stderr]).toEqual([
      2,
      expect.stringContaining('unknown field "jobTitle"'),
    ]);
    expect(posts()).toEqual([]);
    const allowed = await runCli(['cards', 'create', '--field', 'fristName=Ada', '--allow-unknown-fields'], { emu });
    expect(allowed.exitCode).toBe(0);
    expect(posts()[0].body).toEqual({ fields: { fristName: 'Ada' } });
    expect(json(allowed).fields).toEqual({}); // the API dropped it silently, as the tool warned
  });

  it('with --template the rules are checked before sending, all problems listed', async () => {
    const r = await runCli(
      [
        'cards',
        'create',
        '--template',
        'tpl_corporate',
        '--field',
        'firstName=Ines',
        '--field',
        'company=Rival',
        '--field',
        'bio=hi',
      ],
      { emu },
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('error: the fields break 5 rules of template tpl_corporate; nothing was sent');
    for (const line of [
      'lastName: required',
      'title: required',
      'emails: required',
      'company: locked by template tpl_corporate (always "Acme Robotics")',
      'bio: hidden',
    ]) {
      expect(r.stderr).toContain(line);
    }
    expect(posts()).toEqual([]);
    const ok = json(await runCli(['cards', 'create', ...corporate], { emu }));
    expect(ok).toMatchObject({
      templateId: 'tpl_corporate',
      fields: { company: 'Acme Robotics', address: { city: 'Lyon' } },
    });
    const unknown = await runCli(['cards', 'create', '--template', 'tpl_nope', ...ada], { emu });
    expect([unknown.exitCode, unknown.stderr]).toEqual([4, expect.stringContaining('resource_not_found (404)')]);
  });

  it('bad values are exit 2 before anything is sent', async () => {
    const cases = [
      ['--short-code', 'login'],
      ['--short-code', 'Help'],
      ['--short-code', 'no spaces'],
      ['--short-code', 'x'.repeat(101)],
      ['--name', ''],
      ['--name', 'x'.repeat(201)],
      ['--status', 'paused'],
      ['--idempotency-key', 'k'.repeat(256)],
      ['--field', 'title'],
      ['--email', 'Work='],
      ['--data', '{oops'],
      ['--data', '[1]'],
      ['--data', '@/no/such/file.json'],
      ['--data', '{"fields":{},"shortCode":"api"}'],
    ];
    for (const args of cases) {
      const r = await runCli(['cards', 'create', ...args], { emu });
      expect([args.join(' ').slice(0, 40), r.exitCode]).toEqual([args.join(' ').slice(0, 40), 2]);
      expect(r.stderr).toMatch(/^error: /);
    }
    expect(emu.requests()).toEqual([]);
  });

  it('short code taken (live, Trash, another customer) is 400 invalid_request: exit 5; a race is 409 already_exists', async () => {
    for (const code of ['amelie-laurent', 'sven-lindqvist', 'acme']) {
      const r = await runCli(['cards', 'create', ...ada, '--short-code', code], { emu });
      expect([code, r.exitCode]).toEqual([code, 5]);
      expect(r.stderr).toMatch(/^error: invalid_request \(400\): The short code ".*" is already taken\./);
    }
    const release = holdShortCode(emu.store, 'ada-race');
    const race = await runCli(['cards', 'create', ...ada, '--short-code', 'ada-race'], { emu });
    release();
    expect([race.exitCode, race.stderr]).toEqual([5, expect.stringContaining('already_exists (409)')]);
  });

  it("the API's own refusals: reserved word 400, validation 422 with details, allowance 403, scope 403", async () => {
    const reserved = await runCli(['api', 'POST', '/cards', '--data', '{"shortCode":"login"}'], { emu });
    expect([reserved.exitCode, reserved.stderr]).toEqual([5, expect.stringContaining('reserved_short_link (400)')]);
    const invalid = await runCli(
      ['cards', 'create', '--email', 'Work=not-an-email', '--link', 'myspace=myspace.com/ada'],
      { emu },
    );
    expect(invalid.exitCode).toBe(5);
    expect(invalid.stderr).toContain('error: validation_failed (422)');
    // The spec names no e-mail pattern (emails[].value is "strings"): only the link type is refused.
    expect(invalid.stderr).not.toContain('fields.emails.0.value');
    expect(invalid.stderr).toContain('  fields.links.0.type: invalid_enum_value:');
    emu.store.account('acc_acme')!.cardAllowance = emu.store.cardsUsed('acc_acme');
    const full = await runCli(['cards', 'create', ...ada], { emu });
    expect([full.exitCode, full.stderr]).toEqual([3, expect.stringContaining('limit_exhausted_cards (403)')]);
    expect(emu.store.cards.some((c) => c.name === 'Ada Lovelace')).toBe(false);
    const ro = await runCli(['cards', 'create', ...ada], { emu, key: emu.keys.readonly });
    expect([ro.exitCode, ro.stderr]).toEqual([3, expect.stringContaining('forbidden (403)')]);
  });

  it('--idempotency-key: a replay returns the same card; reused with another body is 409 (exit 5)', async () => {
    const first = json(await runCli(['cards', 'create', ...ada, '--idempotency-key', 'ada-1'], { emu }));
    const again = json(await runCli(['cards', 'create', ...ada, '--idempotency-key', 'ada-1'], { emu }));
    expect(again.id).toBe(first.id);
    const reused = await runCli(['cards', 'create', '--field', 'firstName=Eve', '--idempotency-key', 'ada-1'], { emu });
    expect([reused.exitCode, reused.stderr]).toEqual([5, expect.stringContaining('idempotency_key_reused (409)')]);
  });

  it('the malformed-JSON 500 shape and 500s are retried with the same key, then exit 1', async () => {
    emu.injectFaults([{ kind: 'malformed_500', path: '/cards', method: 'POST', times: 1 }]);
    const recovered = await runCli(['cards', 'create', ...ada], { emu });
    expect(recovered.exitCode).toBe(0);
    const keys = posts().map((p) => p.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    emu.injectFaults([{ kind: 'malformed_500', path: '/cards', method: 'POST', times: 3 }]);
    const failed = await runCli(['cards', 'create', ...ada, '--max-retries', '2'], { emu });
    expect([failed.exitCode, failed.stderr]).toEqual([1, expect.stringContaining('(500): Internal Server Error')]);
  });
});

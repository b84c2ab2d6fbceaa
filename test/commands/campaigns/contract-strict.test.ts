// Issue 34, class 5: the campaign contract read strictly. A schema section's `kind` and `max` are untyped
// in the spec (null, absent or unknown): the columns follow the card fields the spec types (`emails`,
// `phones`, `links` lists, `address` an object), a `list` kind or a numeric `max`, and any other section
// takes both header shapes. `templateId` is never sent in a campaign record (create-card rule 2).
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli } from '../../helpers/run-cli.js';
import { writeCsv } from '../../jobs/import/_files.js';

const emu = useEmulator();
const posts = () => emu.requests({ method: 'POST', path: /^\/campaigns\/[^/]+\/cards/ });
const cardOf = (id: string) => emu.store.cards.find((c) => c.campaignId === 'cmp_native' && c.externalId === id);

/** The partners template's sections (cmp_native's schema) with `kind`/`max` as an outside service may send them. */
function sectionsAs(change: (s: Record<string, unknown>) => void): void {
  const tpl = emu.store.templates.find((t) => t.id === 'tpl_cmp_partners')!;
  for (const s of tpl.sections) change(s as unknown as Record<string, unknown>);
}

const CSV =
  'externalId,firstName,lastName,company,emails.0.label,emails.0.value,phones.0.label,phones.0.value,links.0.type,links.0.url,address.city\n' +
  'P-9001,Ann,Lee,Acme,Work,ann@acme.example,Mobile,+1 555,website,acme.example,Lyon\n';

describe('campaigns import: sections whose kind and max the schema leaves open', () => {
  it.each([
    ['null', (s: Record<string, unknown>) => Object.assign(s, { kind: null, max: null })],
    ['unknown', (s: Record<string, unknown>) => Object.assign(s, { kind: 'grid', max: 'many' })],
  ])('kind and max %s: emails.0.value, phones, links and address.city columns are taken', async (_name, change) => {
    sectionsAs(change);
    const schema = await runCli(['campaigns', 'schema', 'cmp_native', '-o', 'json'], { emu });
    expect(schema.exitCode, schema.stderr).toBe(0);
    const file = writeCsv('partners.csv', CSV);
    const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(cardOf('P-9001')?.fields).toMatchObject({
      emails: [{ label: 'Work', value: 'ann@acme.example' }],
      phones: [{ label: 'Mobile', value: '+1 555' }],
      links: [{ type: 'website', url: 'acme.example' }],
      address: { city: 'Lyon' },
    });
  });

  it('a further section with kind null takes both x.prop and x.0.prop headers; the dry run decides', async () => {
    const tpl = emu.store.templates.find((t) => t.id === 'tpl_cmp_partners')!;
    tpl.sections.push({
      key: 'badges',
      label: 'Badges',
      kind: null,
      max: null,
      props: [{ prop: 'name', label: 'Name' }],
    } as never);
    for (const header of ['badges.0.name', 'badges.name']) {
      const file = writeCsv(
        'badges.csv',
        `externalId,firstName,lastName,company,emails.0.value,${header}\nP-9002,Ann,Lee,Acme,a@b.example,Gold\n`,
      );
      const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--validate-only'], { emu });
      expect(r.stderr).not.toContain('unknown column');
    }
  });

  it('a numeric max still caps a list section, and address stays an object', async () => {
    sectionsAs((s) => Object.assign(s, { kind: null }));
    const file = writeCsv(
      'many.csv',
      'externalId,firstName,lastName,company,emails.3.value\nP-9003,Ann,Lee,Acme,a@b.example\n',
    );
    const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringContaining('emails holds at most 3 entries')]);
    const addr = writeCsv(
      'addr.csv',
      'externalId,firstName,lastName,company,emails.0.value,address.0.city\nP-9004,A,B,C,a@b.example,Lyon\n',
    );
    const a = await runCli(['campaigns', 'import', 'cmp_native', addr], { emu });
    expect([a.exitCode, a.stderr]).toEqual([2, expect.stringContaining('unknown column "address.0.city"')]);
    expect(posts()).toEqual([]);
  });
});

describe('templateId in a campaign record: the campaign owns its template', () => {
  it('campaigns create-card and campaigns test refuse a top-level templateId: exit 2, one line, nothing sent', async () => {
    const data = '{"externalId":"P-9100","templateId":"tpl_event","fields":{"firstName":"Ann","lastName":"Lee"}}';
    for (const verb of ['create-card', 'test']) {
      const r = await runCli(['campaigns', verb, 'cmp_native', '--data', data], { emu });
      expect([r.exitCode, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toMatch(/^error: .*templateId/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(emu.requests()).toEqual([]);
  });

  it.each([
    [
      'cmp_native',
      'externalId,firstName,lastName,company,emails.0.value,templateId\nP-9101,A,B,C,a@b.example,tpl_event\n',
    ],
    ['cmp_mapped', 'employee.id,employee.givenName,templateId\nEMP-9101,Ann,tpl_event\n'],
  ])('campaigns import into %s refuses a templateId column: exit 2, nothing sent', async (campaign, text) => {
    const file = writeCsv('tpl.csv', text);
    const args = [
      'campaigns',
      'import',
      campaign,
      file,
      ...(campaign === 'cmp_mapped' ? ['--id-column', 'employee.id'] : []),
    ];
    const r = await runCli(args, { emu });
    expect([r.exitCode, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain('column "templateId": a campaign owns its template');
    expect(posts()).toEqual([]);
  });
});

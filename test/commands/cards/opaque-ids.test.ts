// Issue 34, class 5: ids the service returns are opaque (api-spec.md §Resources rule 2). The typed-id rule
// (no spaces, slashes, `?`, `#`, `%`: test/reliability/path-segments.test.ts) is for ids a user types; an
// id read from an answer (a card's templateId, a campaign's templateId, a listed card) or from a report
// cardqr wrote from answers is sent as it came, encoded as one path segment.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli } from '../../helpers/run-cli.js';
import { writeCsv } from '../../jobs/import/_files.js';

const emu = useEmulator();
const ODD = 'tpl corp/1?#%';

/** Gives a template (and every record naming it) an id with a space and other non-typed characters. */
function renameTemplate(from: string, to: string): void {
  emu.store.templates.find((t) => t.id === from)!.id = to;
  for (const c of emu.store.cards) if (c.templateId === from) c.templateId = to;
  for (const c of emu.store.campaigns) if (c.templateId === from) c.templateId = to;
}

describe('ids from answers are not typed ids', () => {
  it('cards update: the templateId read from the card is fetched as it came', async () => {
    renameTemplate('tpl_corporate', ODD);
    const r = await runCli(['cards', 'update', 'crd_amelie', '--field', 'title=CTO', '--yes'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(emu.requests().map((q) => `${q.method} ${q.path}`)).toEqual([
      'GET /cards/crd_amelie',
      `GET /templates/${encodeURIComponent(ODD)}`,
      'PATCH /cards/crd_amelie',
    ]);
    expect(emu.store.cards.find((c) => c.id === 'crd_amelie')!.fields.title).toBe('CTO');
  });

  it('the same id typed by a user is still refused (exit 2, nothing sent)', async () => {
    renameTemplate('tpl_corporate', ODD);
    for (const args of [
      ['cards', 'update', 'crd_jose', '--template', ODD, '--yes'],
      ['templates', 'get', ODD],
    ]) {
      const r = await runCli(args, { emu });
      expect([r.exitCode, r.stderr]).toEqual([2, expect.stringMatching(/^error: the (template )?id .* is not an id/)]);
    }
    expect(emu.requests()).toEqual([]);
  });

  it('campaigns import --update: the campaign template id and the listed cards are used as they came', async () => {
    renameTemplate('tpl_cmp_partners', 'tpl cmp partners');
    const file = writeCsv(
      'partners.csv',
      'externalId,firstName,lastName,company,emails.0.label,emails.0.value\nP-2001,Chloé,Dubois,Robotique Boréale,Work,new@robotique-boreale.example\n',
    );
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--update', '--yes'], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(emu.requests({ method: 'GET', path: /^\/templates\// }).map((q) => q.path)).toEqual([
      '/templates/tpl%20cmp%20partners',
    ]);
    expect(emu.store.cards.find((c) => c.id === 'crd_chloe')!.fields.emails).toEqual([
      { label: 'Work', value: 'new@robotique-boreale.example' },
    ]);
  });
});

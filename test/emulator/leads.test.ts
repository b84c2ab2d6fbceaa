import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { call } from './_util.js';

const emu = useEmulator();

type Lead = {
  id: string;
  createdAt: string;
  archived: boolean;
  source: string;
  cardId: string;
  locked: boolean;
  contact: unknown;
  hubspot: any;
  answers: unknown[];
};

async function addLeads(leads: Array<Record<string, unknown>>) {
  const r = await call(emu, 'POST', '/_emulator/leads', { key: null, body: { leads } });
  expect(r.status).toBe(200);
  return r.body.leads as Lead[];
}

async function all(query = ''): Promise<Lead[]> {
  const out: Lead[] = [];
  for (let offset = 0; ; offset += 100) {
    const r = await call(emu, 'GET', `/leads?limit=100&offset=${offset}${query}`);
    expect(r.status).toBe(200);
    out.push(...r.body.data);
    if (!r.body.pagination.hasMore) return out;
  }
}

describe('GET /leads', () => {
  it('newest first, 25 per page by default, archived left out', async () => {
    const r = await call(emu, 'GET', '/leads');
    expect(r.status).toBe(200);
    expect(r.body.object).toBe('list');
    expect(r.body.data).toHaveLength(25);
    expect(r.body.pagination).toEqual({ total: 28, limit: 25, offset: 0, hasMore: true });
    const every = await all();
    expect(every).toHaveLength(28);
    expect(every.some((l) => l.archived)).toBe(false);
    for (let i = 1; i < every.length; i++) expect(every[i - 1].createdAt >= every[i].createdAt).toBe(true);
    expect(every[0].id).toBe('lead_030');
    const page2 = await call(emu, 'GET', '/leads?offset=25');
    expect(page2.body.data).toHaveLength(3);
    expect(page2.body.pagination.hasMore).toBe(false);
  });

  it('includeArchived, source and cardId filter', async () => {
    expect(await all('&includeArchived=true')).toHaveLength(30);
    const forms = await all('&source=form');
    expect(forms.length).toBeGreaterThan(0);
    expect(forms.every((l) => l.source === 'form')).toBe(true);
    const kenji = await all('&cardId=crd_kenji&includeArchived=true');
    expect(kenji.length).toBeGreaterThan(0);
    expect(kenji.every((l) => l.cardId === 'crd_kenji')).toBe(true);
    expect(await all('&cardId=crd_nobody')).toEqual([]);
  });

  it('since is inclusive and compared as an instant (any zone offset)', async () => {
    const lead17 = (await call(emu, 'GET', '/leads/lead_017')).body as Lead;
    const r = await all(`&since=${encodeURIComponent(lead17.createdAt)}`);
    const ids = r.map((l) => l.id);
    expect(ids).toContain('lead_017');
    expect(ids).toContain('lead_018'); // same instant as lead_017
    expect(ids).not.toContain('lead_016');
    const t = new Date(lead17.createdAt);
    const plus2 = new Date(t.getTime() + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    expect((await all(`&since=${encodeURIComponent(plus2)}`)).map((l) => l.id)).toEqual(ids);
  });

  it('422 for a bad since, source, includeArchived or limit, all reported at once', async () => {
    const r = await call(emu, 'GET', '/leads?since=yesterday&source=fax&includeArchived=maybe&limit=500');
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('validation_failed');
    expect(r.body.error.details.map((d: { path: string[] }) => d.path[0]).sort()).toEqual([
      'includeArchived',
      'limit',
      'since',
      'source',
    ]);
    for (const since of ['2026-05-01', '2026-13-01T00:00:00Z', '2026-05-01T10:00']) {
      expect((await call(emu, 'GET', `/leads?since=${since}`)).status).toBe(422);
    }
  });

  it('leads added through the control API: chosen createdAt, several sharing one instant', async () => {
    const at = new Date(emu.now() - 60_000).toISOString();
    const added = await addLeads([
      {
        cardId: 'crd_zoe',
        source: 'form',
        createdAt: at,
        contact: { name: 'A', email: 'a@x.example', phone: '', company: '', title: '' },
      },
      { cardId: 'crd_zoe', source: 'exchange', createdAt: at },
      { cardId: 'qr_careers', source: 'manual', createdAt: at },
    ]);
    expect(added.map((l) => l.createdAt)).toEqual([at, at, at]);
    const first = await call(emu, 'GET', `/leads?since=${at}`);
    expect(first.body.pagination.total).toBe(3);
    expect(first.body.data.map((l: Lead) => l.id).sort()).toEqual(added.map((l) => l.id).sort());
    // the order among leads sharing an instant is stable across requests (pages never reshuffle)
    const again = await call(emu, 'GET', `/leads?since=${at}`);
    expect(again.body.data.map((l: Lead) => l.id)).toEqual(first.body.data.map((l: Lead) => l.id));
    const pages = [0, 1, 2].map((o) => call(emu, 'GET', `/leads?since=${at}&limit=1&offset=${o}`));
    expect((await Promise.all(pages)).map((p) => p.body.data[0].id)).toEqual(first.body.data.map((l: Lead) => l.id));
  });

  it('locked leads: contact null and hubspot.contactUrl null', async () => {
    const [lead] = await addLeads([
      {
        cardId: 'crd_amelie',
        source: 'form',
        locked: true,
        contact: { name: 'Hidden', email: 'h@x.example', phone: '', company: '', title: '' },
        hubspot: { status: 'held_locked', contactUrl: 'https://app.hubspot.example/x' },
      },
    ]);
    const r = (await call(emu, 'GET', `/leads/${lead.id}`)).body as Lead;
    expect(r.locked).toBe(true);
    expect(r.contact).toBeNull();
    expect(r.hubspot.contactUrl).toBeNull();
    expect(r.hubspot.status).toBe('held_locked');
    const seeded = (await all()).filter((l) => l.locked);
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((l) => l.contact === null)).toBe(true);
  });
});

describe('GET /leads/:id', () => {
  it('answers the lead with every answer; 404 otherwise', async () => {
    const r = await call(emu, 'GET', '/leads/lead_001');
    expect(r.status).toBe(200);
    expect(r.body.object).toBe('lead');
    expect(r.body.accountId).toBeUndefined();
    expect(r.body.answers.length).toBeGreaterThanOrEqual(4);
    const nf = await call(emu, 'GET', '/leads/lead_999');
    expect([nf.status, nf.body.error.code]).toEqual([404, 'resource_not_found']);
  });

  it('needs leads:read', async () => {
    const r = await call(emu, 'GET', '/leads', { key: emu.keys.qronly });
    expect([r.status, r.body.error.code]).toEqual([403, 'forbidden']);
    expect((await call(emu, 'GET', '/leads/lead_001', { key: emu.keys.readonly })).status).toBe(200);
  });
});

// Values whose type the spec leaves open, as an outside validator (Prism's spec-valid random answers)
// sent them: each once failed a whole command with "unexpected response". Each is now accepted, the
// JSON output keeps it as it came and the table shows it.
import { describe, expect, it } from 'vitest';
import { useAnswerServer } from '../helpers/answer-server.js';
import { Contract, errorsText } from './contract.js';
import { contractCounts } from './counts.js';

const contract = new Contract();
const api = useAnswerServer(contract);
const counts = contractCounts('open-values');
const op = (id: string) => contract.operations.find((o) => o.id === id)!;

const lead = (hubspot: Record<string, unknown>) => ({
  object: 'lead',
  id: 'lead_open',
  cardId: 'crd_open',
  cardName: 'Ada Lovelace',
  source: 'form',
  trigger: 'after_save',
  formName: 'Contact',
  createdAt: '2026-03-02T09:30:00.000Z',
  read: false,
  archived: false,
  locked: false,
  contact: { name: 'Grace Hopper', email: 'grace@example.com', phone: '+1 555', company: 'Navy', title: 'RADM' },
  answers: [{ fieldId: 'f1', label: 'Topic', type: 'text', value: 'compilers' }],
  marketingOptIn: true,
  consentAt: '2026-03-02T09:30:00.000Z',
  country: 'US',
  city: 'Arlington',
  hubspot: {
    status: 'sent',
    sentAt: '2026-03-02T09:31:00.000Z',
    nextAttemptAt: null,
    contactUrl: 'https://app.hubspot.example/contact/1',
    error: null,
    ...hubspot,
  },
});

const schema = (section: Record<string, unknown>) => ({
  object: 'campaign_schema',
  campaignId: 'cmp_open',
  templateId: 'tpl_open',
  payloadMode: 'native',
  fingerprint: 'fp_1',
  activatedFingerprint: 'fp_1',
  stale: false,
  fields: [{ key: 'firstName', label: 'First name', required: true }],
  sections: [
    {
      key: 'emails',
      label: 'Email addresses',
      kind: 'list',
      max: 3,
      props: [{ prop: 'value', label: 'Email' }],
      ...section,
    },
  ],
  blocks: [],
  sample: { externalId: 'P-1', fields: { firstName: 'Ada' } },
});

/**
 * Serves `body` (checked against the contract first) and runs `args` as JSON and as a table. `beyond`: a
 * value the contract closes (the spec lists the values) that a later service may still send: it must fail
 * the document, is not counted as an answer, and the CLI must tolerate it all the same.
 */
async function show(
  id: string,
  body: unknown,
  args: string[],
  env?: Record<string, string | undefined>,
  beyond = false,
) {
  const pointer = op(id).responses.get('200')!.content.get('application/json')!;
  const validate = contract.validator(pointer);
  if (beyond) expect(validate(body), 'the document closes this value').toBe(false);
  else {
    counts.answers++;
    if (!validate(body)) counts.violations++;
    expect(validate(body), errorsText(validate).join('; ')).toBe(true);
  }
  api.serve(op(id), body);
  const json = await api.json(args);
  expect(json.exitCode, json.stderr).toBe(0);
  expect(JSON.parse(json.stdout)).toEqual(body);
  const table = await api.table(args, env);
  expect(table.exitCode, table.stderr).toBe(0);
  return table.stdout;
}

describe('values the spec leaves open are shown as they came', () => {
  it('hubspot.error as an object', async () => {
    const error = { code: 'CONTACT_EXISTS', detail: { status: 409 } };
    const out = await show('getLead', lead({ status: 'failed', error }), ['leads', 'get', 'lead_open']);
    expect(out).toContain('HubSpot: failed');
    expect(out).toContain('"code":"CONTACT_EXISTS"');
  });

  it('hubspot.sentAt as a number', async () => {
    const out = await show('getLead', lead({ sentAt: 1772443860000 }), ['leads', 'get', 'lead_open']);
    expect(out).toContain('sent 1772443860000');
  });

  it('a hubspot status added later (beyond the values the spec lists), in the list and the record, in colour too', async () => {
    const one = lead({ status: 'held_review' });
    expect(await show('getLead', one, ['leads', 'get', 'lead_open'], undefined, true)).toContain(
      'HubSpot: held_review',
    );
    const list = { object: 'list', data: [one], pagination: { total: 1, limit: 25, offset: 0, hasMore: false } };
    api.serve(op('listLeads'), list);
    expect((await api.json(['leads', 'list'])).exitCode).toBe(0);
    expect((await api.table(['leads', 'list'])).stdout).toContain('held_review');
    // A later status that is also a name every object inherits is painted like any unknown one.
    const inherited = { ...list, data: [lead({ status: 'constructor' })] };
    api.serve(op('listLeads'), inherited);
    const coloured = await api.table(['leads', 'list'], { NO_COLOR: undefined, FORCE_COLOR: '1' });
    expect(coloured.exitCode, coloured.stderr).toBe(0);
    expect(coloured.stdout).toContain('constructor');
    expect(coloured.stdout).toContain('\u001b[');
  });

  it('sections[].kind not a string', async () => {
    const out = await show('getCampaignSchema', schema({ kind: { type: 'list' } }), [
      'campaigns',
      'schema',
      'cmp_open',
    ]);
    expect(out).toContain('kind {"type":"list"}');
  });

  it('sections[].max null', async () => {
    const out = await show('getCampaignSchema', schema({ max: null }), ['campaigns', 'schema', 'cmp_open']);
    expect(out).toMatch(/emails\.<n>\.\{value\} \(max null\)/);
  });
});

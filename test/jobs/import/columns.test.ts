// buildPlan (src/jobs/import/columns.ts) with schema sections whose `kind` and `max` the spec leaves untyped:
// a section's header shape follows sectionShape (src/api/schemas/campaigns.ts). The CLI-against-emulator
// cases (null and unknown kinds) are test/commands/campaigns/contract-strict.test.ts; an absent key the
// contract does not allow the emulator to send, so it is held here.
import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../../src/jobs/import/columns.js';
import { sectionShape, type CampaignSchema } from '../../../src/api/schemas/campaigns.js';

const schema = (sections: CampaignSchema['sections']): CampaignSchema => ({
  object: 'campaign_schema',
  campaignId: 'cmp_1',
  templateId: 'tpl_1',
  payloadMode: 'native',
  fingerprint: 'fp',
  activatedFingerprint: 'fp',
  stale: false,
  fields: [{ key: 'firstName', label: 'First name', required: true }],
  sections,
  blocks: [],
  sample: {},
});
const props = [{ prop: 'value', label: 'Value' }];
const codes = (s: CampaignSchema, headers: string[]) => buildPlan(s, ['externalId', 'firstName', ...headers]).problems;

describe('sectionShape', () => {
  it.each([
    ['emails', null, null, 'list'],
    ['phones', undefined, undefined, 'list'],
    ['links', 'grid', 'many', 'list'],
    ['address', 'list', 1, 'object'],
    ['badges', 'list', null, 'list'],
    ['badges', null, 4, 'list'],
    ['badges', null, null, 'unknown'],
    ['badges', undefined, undefined, 'unknown'],
    ['badges', 'object', null, 'unknown'],
    ['badges', 7, '3', 'unknown'],
  ])('%s with kind %j and max %j: %s', (key, kind, max, want) => {
    expect(sectionShape(key, kind, max)).toBe(want);
  });
});

describe('buildPlan: sections with kind and max absent', () => {
  const absent = schema([
    { key: 'emails', label: 'Emails', props },
    { key: 'address', label: 'Address', props: [{ prop: 'city', label: 'City' }] },
    { key: 'badges', label: 'Badges', props },
  ]);
  it('takes emails.0.value and address.city, and both shapes of a further section', () => {
    expect(codes(absent, ['emails.0.value', 'address.city', 'badges.0.value'])).toEqual([]);
    expect(codes(absent, ['badges.value'])).toEqual([]);
  });
  it('refuses emails.value and address.0.city as unknown columns', () => {
    expect(codes(absent, ['emails.value', 'address.0.city']).map((p) => p.code)).toEqual([
      'unknown_column',
      'unknown_column',
    ]);
  });
  it('refuses a templateId column in either mode (the campaign owns its template)', () => {
    expect(codes(absent, ['templateId']).map((p) => p.code)).toEqual(['template_id_column']);
    const mapped = { ...absent, payloadMode: 'mapped' as const, sample: { templateId: 'x', id: '1' } };
    expect(buildPlan(mapped, ['id', 'templateId'], 'id').problems.map((p) => p.code)).toEqual(['template_id_column']);
  });
});

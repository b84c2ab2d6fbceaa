// openapi/cardqr-api.yaml itself: every schema compiles (ajv strict mode refuses unknown keywords),
// every operation and schema cites api-spec.md, and the few facts other tests lean on hold.
import { describe, expect, it } from 'vitest';
import { Contract } from './contract.js';

const contract = new Contract();

describe('openapi/cardqr-api.yaml', () => {
  it('is OpenAPI 3.1 and every schema in it compiles, as written and closed', () => {
    expect(contract.doc.openapi).toBe('3.1.0');
    const pointers = contract.schemaPointers();
    expect(pointers.length).toBeGreaterThan(100);
    for (const p of pointers) {
      expect(() => contract.validator(p), p).not.toThrow();
      expect(() => contract.validator(p, 'strict'), p).not.toThrow();
    }
  });

  it('has every endpoint of the spec, each citing its section', () => {
    expect(contract.operations.length).toBe(24);
    const sections = new Set(['Account', 'Cards', 'Card templates', 'QR codes', 'QR images', 'Analytics', 'Leads']);
    sections.add('Campaign ingestion');
    for (const op of contract.operations) expect(sections.has(op.section), op.id).toBe(true);
    for (const [name, s] of Object.entries(contract.doc.components.schemas as Record<string, { description?: string }>))
      expect(s.description ?? '', name).toMatch(/api-spec\.md §/);
  });

  it('names Request-Id on campaign card creation only, and RateLimit-Reset on every 429', () => {
    const withRequestId = contract.operations.filter((op) =>
      [...op.responses.values()].some((r) => r.headers.has('request-id')),
    );
    expect(withRequestId.map((op) => op.id)).toEqual(['createCampaignCard']);
    expect(withRequestId[0].responses.get('201')!.headers.get('request-id')).toBe(true);
    for (const op of contract.operations)
      expect(op.responses.get('429')?.headers.get('ratelimit-reset'), op.id).toBe(true);
  });

  it('allows the error codes the spec lists per endpoint and status', () => {
    const op = (m: string, p: string) => contract.match(m, p)!;
    expect(contract.errorCodes(op('POST', '/cards'), '400')).toEqual([
      'invalid_request',
      'reserved_short_link',
      'invalid_idempotency_key',
    ]);
    expect(contract.errorCodes(op('GET', '/analytics/overview'), '404')).toEqual(['unknown_endpoint']);
    expect(contract.errorCodes(op('GET', '/analytics/crd_1'), '404')).toEqual([
      'resource_not_found',
      'unknown_endpoint',
    ]);
    expect(contract.errorCodes(op('POST', '/campaigns/c/cards'), '409')).toContain('duplicate_external_id');
    expect(contract.errorCodes(op('POST', '/qr-codes'), '500')).toEqual(['internal_error']);
    expect(op('GET', '/analytics/overview').id).toBe('getAnalyticsOverview');
  });

  it('holds answers to it: an undocumented field fails only in the strict reading, a wrong code always', () => {
    const getCard = contract.match('GET', '/cards/crd_1')!;
    const card = {
      object: 'card',
      id: 'crd_1',
      name: 'Ada',
      shortCode: 'ada',
      status: 'published',
      url: 'https://cards.example/c/ada',
      vcardUrl: 'https://cards.example/c/ada/vcard',
      templateId: null,
      externalId: null,
      paused: false,
      fields: { firstName: 'Ada' },
      createdAt: '2026-01-02T03:04:05.678Z',
      updatedAt: '2026-01-02T03:04:05.678Z',
    };
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
      status,
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    expect(contract.checkAnswer(getCard, answer(200, card), 'strict')).toEqual([]);
    expect(contract.checkAnswer(getCard, answer(200, { ...card, addedLater: 1 }))).toEqual([]);
    expect(contract.checkAnswer(getCard, answer(200, { ...card, addedLater: 1 }), 'strict')).toEqual([
      '(root) must NOT have additional properties (addedLater)',
    ]);
    expect(contract.checkAnswer(getCard, answer(200, card, { 'request-id': 'req_1' }))).toEqual([
      'header request-id is not documented for this answer',
    ]);
    const conflict = answer(404, { error: { type: 'conflict', code: 'already_exists', message: 'x' } });
    expect(contract.checkAnswer(getCard, conflict)).toEqual(['/error/code must be equal to one of the allowed values']);
    expect(contract.checkAnswer(getCard, answer(429, { success: false, message: 'wait' }))).toEqual([
      'header ratelimit-reset is required',
    ]);
  });
});

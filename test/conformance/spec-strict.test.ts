// Issue 34, class 5: openapi/cardqr-api.yaml read against api-spec.md strictly. Each case is one place
// where the document once said more or less than the spec; the document now states what the spec states.
import { describe, expect, it } from 'vitest';
import { Contract } from './contract.js';

const contract = new Contract();
const op = (id: string) => contract.operations.find((o) => o.id === id)!;
const schema = (name: string) => contract.validator(`#/components/schemas/${name}`);
const strict = (name: string) => contract.validator(`#/components/schemas/${name}`, 'strict');
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body,
});

const card = {
  object: 'card',
  id: 'crd_1',
  name: 'Ada',
  shortCode: 'ada-1',
  status: 'published',
  url: 'https://cards.example/c/ada-1',
  vcardUrl: 'https://cards.example/c/ada-1/vcard',
  templateId: null,
  externalId: null,
  paused: false,
  fields: {},
  createdAt: '2026-01-02T03:04:05.678Z',
  updatedAt: '2026-01-02T03:04:05.678Z',
};

describe('openapi/cardqr-api.yaml states what api-spec.md states', () => {
  it('POST /cards accepts unknown keys (the API drops them); refusing them is marked as cardqr’s reading', () => {
    const body = contract.validator(op('createCard').body!.pointer);
    expect(body({ fields: { firstName: 'Ada', nickname: 'A' }, color: 'red' })).toBe(true);
    expect(body({ fields: { firstName: 1 } })).toBe(false);
    const doc = contract.doc.paths['/cards'].post.requestBody;
    expect(doc['x-cardqr-reading']).toMatch(/refuses to send/);
  });

  it('a 429 body carries no error object', () => {
    const headers = { 'ratelimit-reset': '3' };
    const limited = (body: unknown) => contract.checkAnswer(op('getMe'), json(429, body, headers));
    expect(limited({ success: false, message: 'wait' })).toEqual([]);
    expect(limited({ success: false, message: 'wait', error: { type: 'x', code: 'y', message: 'z' } })).not.toEqual([]);
  });

  it('timestamps are UTC with milliseconds', () => {
    expect(schema('Card')(card)).toBe(true);
    for (const at of ['2026-01-02T03:04:05Z', '2026-01-02T03:04:05.678+02:00', '2026-01-02T03:04:05.6Z'])
      expect(schema('Card')({ ...card, createdAt: at }), at).toBe(false);
    expect(schema('Timestamp')('2026-13-02T03:04:05.678Z')).toBe(false);
  });

  it('422 is documented only where there is a query to validate', () => {
    for (const o of contract.operations.filter((x) => x.method === 'GET')) {
      const hasQuery = o.params.some((p) => p.in === 'query');
      expect(o.responses.has('422'), o.id).toBe(hasQuery);
    }
  });

  it('key_scoped_to_campaign is not an answer of GET /me or GET /campaigns', () => {
    expect(contract.errorCodes(op('getMe'), '403')).toEqual(['forbidden', 'upgrade_required_api']);
    expect(contract.errorCodes(op('listCampaigns'), '403')).toEqual(['forbidden', 'upgrade_required_api']);
    expect(contract.errorCodes(op('getCampaign'), '403')).toContain('key_scoped_to_campaign');
    expect(contract.errorCodes(op('listCards'), '403')).toContain('key_scoped_to_campaign');
  });

  it('qr_code.destinationUrl is a string', () => {
    const qr = {
      object: 'qr_code',
      id: 'qr_1',
      name: 'Booth',
      type: 'file',
      status: 'published',
      shortCode: 'booth',
      url: 'https://go.example/p/booth',
      destinationUrl: 'https://files.example/x.pdf',
      paused: false,
      scanCount: 0,
      createdAt: card.createdAt,
      updatedAt: card.updatedAt,
    };
    expect(schema('QrCode')(qr)).toBe(true);
    expect(schema('QrCode')({ ...qr, destinationUrl: 42 })).toBe(false);
    expect(schema('QrCode')({ ...qr, destinationUrl: null })).toBe(false);
  });

  it('hubspot.status and error.type take the values the spec lists', () => {
    const hubspot = { sentAt: null, nextAttemptAt: null, contactUrl: null, error: null };
    expect(schema('LeadHubspot')({ ...hubspot, status: 'held_plan' })).toBe(true);
    expect(schema('LeadHubspot')({ ...hubspot, status: 'held_review' })).toBe(false);
    expect(schema('Error')({ error: { type: 'conflict', code: 'already_exists', message: 'x' } })).toBe(true);
    expect(schema('Error')({ error: { type: 'teapot', code: 'already_exists', message: 'x' } })).toBe(false);
  });

  it('details entries take the four shapes of the spec, and no other', () => {
    const details = (...d: unknown[]) =>
      strict('Error')({ error: { type: 'invalid_request', code: 'validation_failed', message: 'x', details: d } });
    expect(details({ field: 'fields.emails.0.value', message: 'Invalid email', code: 'invalid_string' })).toBe(true);
    expect(details({ path: ['limit'], message: 'Too big', code: 'too_big' })).toBe(true);
    expect(details({ key: 'company', reason: 'locked' })).toBe(true);
    expect(details({ field: 'nickname', message: 'undeclared key' })).toBe(true);
    expect(details({ key: 'company', reason: 'forbidden' })).toBe(false);
    expect(details({ path: 'limit', message: 'x', code: 'y' })).toBe(false);
    expect(details({ field: 'x' })).toBe(false);
    expect(details({ note: 'free text' })).toBe(false);
  });

  it('the dry run’s Idempotency-Key and its idempotency 409s are marked as cardqr’s reading', () => {
    const dry = contract.doc.paths['/campaigns/{campaignId}/cards/test'].post;
    const key = dry.parameters.find((p: { name?: string }) => p.name === 'Idempotency-Key');
    expect(key['x-cardqr-reading']).toMatch(/reading/);
    expect(dry.responses['409']['x-cardqr-reading']).toMatch(/idempotency_key_reused/);
    expect(JSON.stringify(contract.doc)).not.toContain('"x-reading"');
  });

  it('public links have the shapes of the spec’s table', () => {
    expect(schema('Card')({ ...card, url: 'https://cards.example/cards/ada-1' })).toBe(false);
    expect(schema('Card')({ ...card, url: 'https://acme.example/team/c/ada-1' })).toBe(true);
    expect(schema('Card')({ ...card, vcardUrl: 'https://cards.example/c/ada-1.vcf' })).toBe(false);
    expect(schema('QrUrl')('https://go.example/p/booth')).toBe(true);
    expect(schema('QrUrl')('https://go.example/c/booth')).toBe(false);
    expect(schema('WalletAppleUrl')('https://cards.example/c/ada-1/wallet/apple')).toBe(true);
    expect(schema('WalletGoogleUrl')('https://cards.example/c/ada-1/wallet/apple')).toBe(false);
  });

  it('an image answer names a filename and is cached privately for one hour', () => {
    const image = (headers: Record<string, string>) =>
      contract.checkAnswer(op('getQrImage'), {
        status: 200,
        headers: { 'content-type': 'image/png', ...headers },
        body: Buffer.alloc(0),
      });
    const good = { 'content-disposition': 'inline; filename="ada-1.png"', 'cache-control': 'private, max-age=3600' };
    expect(image(good)).toEqual([]);
    expect(image({ ...good, 'content-disposition': 'attachment' })).not.toEqual([]);
    expect(image({ ...good, 'cache-control': 'public, max-age=3600' })).not.toEqual([]);
    expect(image({ ...good, 'cache-control': 'private, max-age=60' })).not.toEqual([]);
  });

  it('a locked or prefilled template field has a value; other modes need none', () => {
    expect(schema('FieldRule')({ mode: 'locked', value: 'Acme' })).toBe(true);
    expect(schema('FieldRule')({ mode: 'prefilled', value: null })).toBe(true);
    expect(schema('FieldRule')({ mode: 'locked' })).toBe(false);
    expect(schema('FieldRule')({ mode: 'prefilled' })).toBe(false);
    expect(schema('FieldRule')({ mode: 'optional' })).toBe(true);
    expect(schema('FieldRule')({ mode: 'sometimes' })).toBe(false);
  });
});

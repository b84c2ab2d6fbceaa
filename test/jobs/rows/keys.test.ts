// The one Idempotency-Key function (src/jobs/rows/keys.ts): what makes two keys the same or not, and the
// keys 0.1.0 derived (test/fixtures/reports-0.1.0/keys.json), which reports of that version resume with.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/api/canonical-json.js';
import { idempotencyKey, newNonce, type KeyParts } from '../../../src/jobs/rows/keys.js';

const OLD = JSON.parse(
  readFileSync(new URL('../../fixtures/reports-0.1.0/keys.json', import.meta.url), 'utf8'),
) as Record<'cqimp' | 'cqsyn' | 'cqrow', Array<{ args: any[]; key: string }>>;

describe('idempotencyKey', () => {
  it('an import row: same content in any key order → same key; other content, identifier, campaign, generation or nonce → another', () => {
    const body = canonicalJson({ fields: { lastName: 'L', firstName: 'F' }, externalId: 'P-1' });
    expect(body).toBe('{"externalId":"P-1","fields":{"firstName":"F","lastName":"L"}}');
    const row = (over: Partial<KeyParts> = {}) =>
      idempotencyKey({ scheme: 'cqimp', nonce: 'n', scope: ['cmp_a'], subject: 'P-1', intent: [body], ...over });
    const k = row();
    expect(k).toMatch(/^cqimp-[0-9a-f]{64}$/);
    expect(row({ intent: [canonicalJson({ externalId: 'P-1', fields: { firstName: 'F', lastName: 'L' } })] })).toBe(k);
    const others = [
      row({ scope: ['cmp_b'] }),
      row({ subject: 'P-2' }),
      row({ intent: [`${body} `] }),
      row({ generation: 1 }),
      row({ nonce: 'm' }),
      row({ nonce: '' }),
      row({ scheme: 'cqrow' }),
    ];
    expect(new Set([k, ...others]).size).toBe(others.length + 1);
  });

  it('parts never run together: a \\0 separates each (a subject cannot borrow from the scope)', () => {
    const a = idempotencyKey({ scheme: 'cqrow', nonce: 'n', scope: ['acc', 'qr-apply'], subject: 'ab', intent: ['c'] });
    const b = idempotencyKey({ scheme: 'cqrow', nonce: 'n', scope: ['acc', 'qr-apply'], subject: 'a', intent: ['bc'] });
    expect(a).not.toBe(b);
  });

  it('reproduces every key 0.1.0 derived (cqimp-, cqsyn-, cqrow-): a resume across the upgrade sends the same key', () => {
    for (const { args, key } of OLD.cqimp) {
      const [campaignId, externalId, body, generation, nonce] = args;
      expect(
        idempotencyKey({
          scheme: 'cqimp',
          nonce,
          scope: [campaignId],
          subject: externalId,
          intent: [body],
          generation,
        }),
      ).toBe(key);
    }
    for (const { args, key } of OLD.cqsyn) {
      const [nonce, campaignId, action, card, body, generation] = args;
      expect(
        idempotencyKey({
          scheme: 'cqsyn',
          nonce,
          scope: [campaignId, action],
          subject: card.id,
          intent: [card.updatedAt, body],
          generation,
        }),
      ).toBe(key);
    }
    for (const { args, key } of OLD.cqrow) {
      const [nonce, accountId, kind, subject, step] = args;
      expect(
        idempotencyKey({
          scheme: 'cqrow',
          nonce,
          scope: [accountId, kind],
          subject,
          intent: [step.action, canonicalJson(step.intent)],
        }),
      ).toBe(key);
    }
    expect(OLD.cqimp.length + OLD.cqsyn.length + OLD.cqrow.length).toBe(8);
  });

  it('newNonce: 128 random bits, hex', () => {
    expect(newNonce()).toMatch(/^[0-9a-f]{32}$/);
    expect(newNonce()).not.toBe(newNonce());
  });
});

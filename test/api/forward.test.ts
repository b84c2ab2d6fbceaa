// The Cardqr-Signature header of leads follow --forward-to (src/api/forward.ts).
import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { forwardSignature } from '../../src/api/forward.js';

describe('forwardSignature', () => {
  test('t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"> keyed by the secret', () => {
    const body = '{"type":"lead.created","lead":{"id":"lead_1"}}';
    const want = createHmac('sha256', 'whsec_1').update(`1764000000.${body}`).digest('hex');
    expect(forwardSignature('whsec_1', 1764000000, body)).toBe(`t=1764000000,v1=${want}`);
    expect(forwardSignature('whsec_2', 1764000000, body)).not.toBe(`t=1764000000,v1=${want}`);
    expect(forwardSignature('whsec_1', 1764000000, body)).not.toContain('whsec_1');
  });
});

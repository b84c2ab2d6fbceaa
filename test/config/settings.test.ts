import { describe, expect, it } from 'vitest';
import { checkBaseUrl } from '../../src/config/settings.js';
import { isRetryable, retryWaitMs } from '../../src/api/retry.js';
import { parseApiCall } from '../../src/commands/api/index.js';

describe('base URL rules', () => {
  it.each([
    ['https://api.example.com/v1', 'https://api.example.com/v1'],
    ['https://api.example.com/v1/', 'https://api.example.com/v1'],
    ['http://127.0.0.1:4010/v1', 'http://127.0.0.1:4010/v1'],
    ['http://localhost:4010/v1', 'http://localhost:4010/v1'],
    ['http://127.9.9.9/v1', 'http://127.9.9.9/v1'],
    ['http://[::1]:4010/v1', 'http://[::1]:4010/v1'],
  ])('accepts %s', (raw, expected) => expect(checkBaseUrl(raw)).toBe(expected));

  it.each([
    ['http://api.example.com/v1', /refusing plain http/],
    ['http://192.168.1.10/v1', /refusing plain http/],
    ['http://localhost.evil.com/v1', /refusing plain http/],
    ['ftp://x/v1', /only https/],
    ['not a url', /invalid base URL/],
  ])('refuses %s', (raw, message) => expect(() => checkBaseUrl(raw)).toThrow(message));
});

describe('retry rules of the spec', () => {
  it.each([
    [500, undefined, true],
    [429, undefined, true],
    [409, 'idempotency_key_in_flight', true],
    [409, 'idempotency_key_reused', false],
    [409, 'already_exists', false],
    [400, 'invalid_request', false],
    [401, 'invalid_api_key', false],
    [403, 'forbidden', false],
    [404, 'resource_not_found', false],
    [422, 'validation_failed', false],
    [502, undefined, false],
    [503, undefined, false],
  ])('status %i code %s retried: %s', (status, code, expected) => expect(isRetryable(status, code)).toBe(expected));

  it('429 waits for RateLimit-Reset', () => {
    expect(retryWaitMs(429, { 'ratelimit-reset': '7' }, 0, () => 0)).toBe(7000);
  });
});

describe('api command arguments', () => {
  it('parses method, path and query', () => {
    expect(parseApiCall('get', 'cards?limit=5', { param: ['status=draft'] })).toEqual({
      method: 'GET',
      path: '/cards',
      query: { limit: '5', status: 'draft' },
      data: undefined,
      idempotencyKey: undefined,
    });
  });
  it.each([
    [['FETCH', '/cards', {}], /unknown method/],
    [['GET', 'https://evil.example.com/steal', {}], /relative to the base URL/],
    [['GET', '/cards', { param: ['novalue'] }], /expected key=value/],
    [['POST', '/cards', { idempotencyKey: 'k'.repeat(256) }], /1 to 255/],
  ] as const)('refuses %j', (args, message) => {
    expect(() => parseApiCall(args[0], args[1], args[2] as never)).toThrow(message);
  });
});

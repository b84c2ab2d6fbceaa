// Which proxy a request goes through (src/api/proxy.ts): the proxy variables read as curl reads them,
// on a table of rules; loopback hosts and plain http:// never proxied.
import { describe, expect, test } from 'vitest';
import { noProxyMatches, proxyFor } from '../../src/api/proxy.js';
import { maskUrlCredentials } from '../../src/redact.js';
import { UsageError } from '../../src/errors.js';

const P = 'http://proxy.corp:3128';
const via = (url: string, env: Record<string, string>) => proxyFor(new URL(url), env)?.url;

describe('proxyFor', () => {
  test.each([
    // [target, env, expected proxy URL (undefined: direct)]
    ['https://api.example.com/v1', { HTTPS_PROXY: P }, P],
    ['https://api.example.com/v1', { https_proxy: P }, P],
    ['https://api.example.com/v1', { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' }, 'http://lower:1'],
    // An empty lowercase variable is a choice (no proxy), as curl reads it.
    ['https://api.example.com/v1', { https_proxy: '', HTTPS_PROXY: P }, undefined],
    ['https://api.example.com/v1', {}, undefined],
    // Plain http is never proxied: HTTP_PROXY / http_proxy are not used.
    ['http://127.0.0.1:8080/v1', { HTTP_PROXY: P, http_proxy: P, HTTPS_PROXY: P }, undefined],
    ['http://localhost:8080/v1', { HTTP_PROXY: P, HTTPS_PROXY: P }, undefined],
    // Loopback hosts are never proxied, whatever NO_PROXY says.
    ['https://localhost:8443/v1', { HTTPS_PROXY: P }, undefined],
    ['https://LOCALHOST./v1', { HTTPS_PROXY: P }, undefined],
    ['https://127.0.0.1:8443/v1', { HTTPS_PROXY: P }, undefined],
    ['https://127.9.8.7/v1', { HTTPS_PROXY: P }, undefined],
    ['https://[::1]:8443/v1', { HTTPS_PROXY: P }, undefined],
    ['https://128.0.0.1/v1', { HTTPS_PROXY: P }, P],
    // A scheme and a port are filled in as curl does: http://, port 1080 (443 for an https proxy).
    ['https://api.example.com/v1', { HTTPS_PROXY: 'proxy.corp:3128' }, 'http://proxy.corp:3128'],
    ['https://api.example.com/v1', { HTTPS_PROXY: 'http://proxy.corp' }, 'http://proxy.corp:1080'],
    ['https://api.example.com/v1', { HTTPS_PROXY: 'https://proxy.corp' }, 'https://proxy.corp'], // 443 is https's own
    [
      'https://api.example.com/v1',
      { HTTPS_PROXY: 'http://u%40x:p%3Aw@proxy.corp:8080/' },
      'http://u%40x:p%3Aw@proxy.corp:8080',
    ],
  ])('%s with %j → %s', (target, env, want) => {
    expect(via(target, env)).toBe(want);
  });

  test('NO_PROXY and no_proxy (lowercase first) exempt a host', () => {
    expect(via('https://api.example.com/v1', { HTTPS_PROXY: P, NO_PROXY: 'example.com' })).toBeUndefined();
    expect(via('https://api.example.com/v1', { HTTPS_PROXY: P, no_proxy: 'example.com' })).toBeUndefined();
    expect(via('https://api.example.com/v1', { HTTPS_PROXY: P, no_proxy: 'other.org', NO_PROXY: 'example.com' })).toBe(
      P,
    );
  });

  test('what the chosen proxy says of itself: its variable, and its credentials masked', () => {
    expect(proxyFor(new URL('https://api.example.com'), { HTTPS_PROXY: 'http://user:secret@proxy.corp:3128' })).toEqual(
      {
        url: 'http://user:secret@proxy.corp:3128',
        shown: 'http://****@proxy.corp:3128',
        from: 'HTTPS_PROXY',
      },
    );
  });

  test('a proxy cardqr cannot tunnel through is a usage error naming the variable, never the password', () => {
    const socks = () => proxyFor(new URL('https://api.example.com'), { https_proxy: 'socks5://u:hunter2@proxy:1080' });
    expect(socks).toThrow(UsageError);
    expect(socks).toThrow(/^https_proxy names a socks5 proxy \(socks5:\/\/\*\*\*\*@proxy:1080\)/);
    expect(socks).not.toThrow(/hunter2/);
    const broken = () => proxyFor(new URL('https://api.example.com'), { HTTPS_PROXY: 'http://u:hunter2@[nope' });
    expect(broken).toThrow(/^HTTPS_PROXY is not a proxy URL/);
    expect(broken).not.toThrow(/hunter2/);
  });
});

describe('noProxyMatches (curl rules)', () => {
  test.each([
    // [host, port, NO_PROXY, exempt]
    ['api.example.com', 443, '*', true],
    ['api.example.com', 443, 'example.com', true],
    ['example.com', 443, 'example.com', true],
    ['api.example.com', 443, '.example.com', true],
    ['example.com', 443, '.example.com', true],
    ['badexample.com', 443, 'example.com', false],
    ['badexample.com', 443, '.example.com', false],
    ['api.example.com', 443, 'EXAMPLE.COM.', true],
    ['api.example.com', 443, 'other.org, example.com', true],
    ['api.example.com', 443, 'other.org example.com', true],
    ['api.example.com', 443, 'other.org,,', false],
    ['api.example.com', 443, '', false],
    ['api.example.com', 443, 'api.example.com:443', true],
    ['api.example.com', 8443, 'api.example.com:443', false],
    ['api.example.com', 8443, 'example.com:8443', true],
    // IP literals: an address, a CIDR block; a name never matches an address (nothing is resolved).
    ['10.1.2.3', 443, '10.1.2.3', true],
    ['10.1.2.3', 443, '10.1.2.4', false],
    ['10.1.2.3', 443, '10.0.0.0/8', true],
    ['11.1.2.3', 443, '10.0.0.0/8', false],
    ['10.1.2.3', 443, '10.1.2.3:443', true],
    ['10.1.2.3', 8443, '10.1.2.3:443', false],
    ['fd00::5', 443, 'fd00::/8', true],
    ['fd00::5', 443, '[fd00::5]', true],
    ['fd00::5', 443, '[fd00:0::5]:443', true],
    ['fd00::5', 8443, '[fd00::5]:443', false],
    ['fd00::5', 443, 'fd00::6', false],
    ['api.example.com', 443, '10.0.0.0/8', false],
    ['10.1.2.3', 443, 'example.com', false],
  ])('%s:%d with NO_PROXY=%j → %s', (host, port, list, want) => {
    expect(noProxyMatches(host, port, list)).toBe(want);
  });
});

test('maskUrlCredentials hides user:password@ in any URL of a text (and, bare, at its start)', () => {
  expect(maskUrlCredentials('via http://u:p@proxy:3128 and https://x@y/')).toBe(
    'via http://****@proxy:3128 and https://****@y/',
  );
  expect(maskUrlCredentials('HTTP/1.1 407 Proxy Authentication Required')).toBe(
    'HTTP/1.1 407 Proxy Authentication Required',
  );
});

// Which proxy, if any, one request goes through (PRODUCT §15, Proxies): the environment read as curl
// reads it, decided per request URL. Pure: the caller (agents.ts) gives the result to Node's own
// https.Agent (`proxyEnv`), which tunnels with CONNECT and turns the proxy URL's credentials into
// Proxy-Authorization on the CONNECT only.
//
// - Only https:// requests are proxied: `https_proxy`, then `HTTPS_PROXY` (lowercase first, as curl).
//   A plain http:// request (the emulator, a loopback receiver) never goes through a proxy, so
//   HTTP_PROXY / http_proxy are never used: nothing of a request is ever sent in clear to a proxy.
// - Loopback hosts (localhost, 127.0.0.0/8, ::1) never go through a proxy.
// - `no_proxy`, then `NO_PROXY`: entries separated by commas or spaces; `*` matches every host; a
//   name matches itself and every name under it (`example.com` and `.example.com` both match
//   `api.example.com` and `example.com`, never `badexample.com`); an IP literal matches that address,
//   a CIDR block (`10.0.0.0/8`, `fd00::/8`) the addresses in it (a name is never resolved to compare);
//   `host:port` (or `[v6]:port`) matches that port only. Case and a trailing dot are ignored.
// - A proxy URL without a scheme is http://; without a port, 1080 (443 for https://), as curl.
import { BlockList, isIP } from 'node:net';
import { UsageError } from '../errors.js';
import { maskUrlCredentials } from '../redact.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ProxyChoice {
  /** The proxy URL as Node gets it (credentials kept: they become Proxy-Authorization on CONNECT). */
  url: string;
  /** The same URL for people: any user or password shown as `****`. */
  shown: string;
  /** The variable it came from: `https_proxy` or `HTTPS_PROXY`. */
  from: string;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1)$/;

/** The host of a URL without brackets or a trailing dot, lower case. */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** The proxy for a request to `target`, or undefined for a direct connection. */
export function proxyFor(target: URL, env: Env): ProxyChoice | undefined {
  if (target.protocol !== 'https:') return undefined;
  const host = bareHost(target.hostname);
  if (LOOPBACK.test(host)) return undefined;
  const from = env.https_proxy !== undefined ? 'https_proxy' : env.HTTPS_PROXY !== undefined ? 'HTTPS_PROXY' : '';
  const raw = (from ? env[from] : undefined)?.trim();
  if (!raw) return undefined; // unset or empty: no proxy (curl)
  const port = Number(target.port || 443);
  if (noProxyMatches(host, port, env.no_proxy ?? env.NO_PROXY)) return undefined;
  return parseProxy(raw, from);
}

/** The proxy URL of `from` made whole (scheme, port), or exit 2 when cardqr cannot tunnel through it. */
export function parseProxy(raw: string, from: string): ProxyChoice {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new UsageError(
      `${from} is not a proxy URL (${maskUrlCredentials(raw, true)}): expected e.g. http://proxy.example.com:3128; nothing was sent`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(
      `${from} names a ${url.protocol.slice(0, -1)} proxy (${showProxy(url)}): cardqr tunnels only through http:// or https:// proxies (CONNECT); nothing was sent`,
    );
  if (!url.hostname) throw new UsageError(`${from} names no proxy host (${showProxy(url)}); nothing was sent`);
  if (!url.port) url.port = url.protocol === 'https:' ? '443' : '1080';
  const whole = `${url.protocol}//${url.username || url.password ? `${url.username}:${url.password}@` : ''}${url.host}`;
  return { url: whole, shown: showProxy(url), from };
}

/** A proxy URL for people: scheme, `****@` for any credentials, host and port. */
function showProxy(url: URL): string {
  return `${url.protocol}//${url.username || url.password ? '****@' : ''}${url.host}`;
}

/** Whether NO_PROXY's `list` exempts `host` (bare, lower case) at `port`. */
export function noProxyMatches(host: string, port: number, list: string | undefined): boolean {
  if (!list) return false;
  const ip = isIP(host);
  for (const raw of list.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const { name, port: want } = splitPort(entry);
    if (want !== undefined && want !== port) continue;
    if (ip) {
      if (ipMatches(host, ip, name)) return true;
      continue;
    }
    const bare = name.replace(/^\*?\./, '').replace(/\.$/, '');
    if (!bare || isIP(bare) || bare.includes('/')) continue; // an address never matches a name
    if (host === bare || host.endsWith(`.${bare}`)) return true;
  }
  return false;
}

/** `host:port`, `[v6]:port`, `[v6]` or a bare name / address / CIDR block. */
function splitPort(entry: string): { name: string; port?: number } {
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (v6) return { name: v6[1], port: v6[2] === undefined ? undefined : Number(v6[2]) };
  const m = /^([^:]+):(\d+)$/.exec(entry); // one colon and digits: a port (an IPv6 address has several colons)
  if (m) return { name: m[1], port: Number(m[2]) };
  return { name: entry };
}

function ipMatches(host: string, family: number, entry: string): boolean {
  const [addr, bits] = entry.split('/');
  const kind = isIP(addr ?? '');
  if (!kind || kind !== family) return false;
  const type = kind === 4 ? 'ipv4' : 'ipv6';
  const block = new BlockList();
  if (bits === undefined) block.addAddress(addr, type);
  else {
    if (!/^\d+$/.test(bits) || Number(bits) > (kind === 4 ? 32 : 128)) return false;
    block.addSubnet(addr, Number(bits), type);
  }
  // BlockList compares addresses, not spellings: `::1` and `0:0::1` meet.
  return block.check(host, type);
}

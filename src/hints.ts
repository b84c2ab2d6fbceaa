// Hints printed under an API error (cli.ts, and the per-id lines of many-id commands). They read the
// failed request (method, path, whether it carried a shortCode) and the base URL in use.
import type { ApiError } from './errors.js';

/**
 * Id prefixes seen on this API (crd_, qr_, tpl_, cmp_, lead_). The spec does not document them, so
 * they are used for nothing but this hint: a 404 on one group for an id that looks like another's.
 */
const PREFIX_GROUPS: Array<[string, string, string]> = [
  ['crd_', 'cards', 'a card'],
  ['qr_', 'qr', 'a QR code'],
  ['tpl_', 'templates', 'a template'],
  ['cmp_', 'campaigns', 'a campaign'],
  ['lead_', 'leads', 'a lead'],
];
const PATH_GROUPS: Record<string, [string, string]> = {
  cards: ['cards', 'card'],
  'qr-codes': ['qr', 'QR code'],
  templates: ['templates', 'template'],
  campaigns: ['campaigns', 'campaign'],
  leads: ['leads', 'lead'],
};
const VERBS: Record<string, string> = { GET: 'get', PATCH: 'update', DELETE: 'delete' };

/** "no card with id qr_123" and, when the id looks like another group's, the command for it. */
export function notFoundLines(err: ApiError): { lines: string[]; hint?: string } {
  if (err.status !== 404 || err.code === 'unknown_endpoint' || !err.request) return { lines: [] };
  const m = /\/(cards|qr-codes|templates|campaigns|leads)\/([^/]+)(\/[^/]+)?$/.exec(err.request.path);
  if (!m) return { lines: [] };
  const [, segment, rawId, rest] = m;
  const id = safeDecode(rawId);
  const [group, noun] = PATH_GROUPS[segment];
  const lines = [`no ${noun} with id ${id} in this account (absent, deleted, or another account's)`];
  const other = PREFIX_GROUPS.find(([prefix, g]) => id.startsWith(prefix) && g !== group);
  if (!other) return { lines };
  const [, otherGroup, otherNoun] = other;
  const verb = rest ? undefined : VERBS[err.request.method];
  const hasVerb = verb && !(otherGroup === 'leads' && verb !== 'get') && !(otherGroup === 'templates' && verb !== 'get') && !(otherGroup === 'campaigns' && verb !== 'get');
  const command = hasVerb ? `cardqr ${otherGroup} ${verb} ${id}` : `cardqr ${otherGroup} --help`;
  return { lines, hint: `${id} looks like ${otherNoun} id (by its prefix); try \`${command}\`` };
}

/** 404 unknown_endpoint, or a bare 404 with no error code: usually a base URL without the version prefix. */
export function baseUrlHint(err: ApiError, baseUrl: string | undefined): string | undefined {
  if (err.status !== 404 || (err.code !== undefined && err.code !== 'unknown_endpoint')) return undefined;
  if (!baseUrl) return err.code === 'unknown_endpoint' ? 'check that --base-url ends with the version prefix (/v1)' : undefined;
  let path = '';
  try {
    path = new URL(baseUrl).pathname;
  } catch {
    return undefined;
  }
  if (!/\/v\d+\/?$/.test(path)) {
    return `the base URL ${baseUrl} has no version prefix: use ${baseUrl.replace(/\/+$/, '')}/v1 (--base-url, CARDQR_BASE_URL or \`cardqr profiles add\`)`;
  }
  return err.code === 'unknown_endpoint' ? 'the path or method is not in the API (`cardqr api` paths are relative to the base URL, e.g. /cards)' : undefined;
}

export function shortCodeHint(err: ApiError): string | undefined {
  if (err.status !== 400 || err.code !== 'invalid_request' || !err.request?.sentShortCode) return undefined;
  return 'that short code is taken (short codes are unique across the whole service, Trash included): choose another; deleting the holder does not free it';
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The stderr lines for one failed id of a many-id command. */
export function idErrorText(id: string, e: ApiError): string {
  const nf = notFoundLines(e);
  return `error: ${id}: ${e.code ?? 'http_error'} (${e.status}): ${e.message}\n${nf.hint ? `hint: ${nf.hint}\n` : ''}`;
}

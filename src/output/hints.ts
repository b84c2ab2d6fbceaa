// How an API error reads on stderr (formatApiError: cli.ts, and the per-id lines of many-id commands). They read the
// failed request (method, path, whether it carried a shortCode) and the base URL in use.
import { redactKeyLike } from '../redact.js';
import { type ApiError, formatDetail } from '../errors.js';
import { safeLine } from './sanitize.js';

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
  const id = redactKeyLike(safeDecode(rawId));
  const [group, noun] = PATH_GROUPS[segment];
  const lines = [`no ${noun} with id ${id} in this account (absent, deleted, or another account's)`];
  const other = PREFIX_GROUPS.find(([prefix, g]) => id.startsWith(prefix) && g !== group);
  if (!other) return { lines };
  const [, otherGroup, otherNoun] = other;
  const verb = rest ? undefined : VERBS[err.request.method];
  const hasVerb =
    verb &&
    !(otherGroup === 'leads' && verb !== 'get') &&
    !(otherGroup === 'templates' && verb !== 'get') &&
    !(otherGroup === 'campaigns' && verb !== 'get');
  const command = hasVerb ? `cardqr ${otherGroup} ${verb} ${id}` : `cardqr ${otherGroup} --help`;
  return { lines, hint: `${id} looks like ${otherNoun} id (by its prefix); try \`${command}\`` };
}

/** 404 unknown_endpoint, or a bare 404 with no error code: usually a base URL without the version prefix. */
export function baseUrlHint(err: ApiError, baseUrl: string | undefined): string | undefined {
  if (err.status !== 404 || (err.code !== undefined && err.code !== 'unknown_endpoint')) return undefined;
  if (!baseUrl)
    return err.code === 'unknown_endpoint' ? 'check that --base-url ends with the version prefix (/v1)' : undefined;
  let path = '';
  try {
    path = new URL(baseUrl).pathname;
  } catch {
    return undefined;
  }
  if (!/\/v\d+\/?$/.test(path)) {
    return `the base URL ${baseUrl} has no version prefix: use ${baseUrl.replace(/\/+$/, '')}/v1 (--base-url, CARDQR_BASE_URL or \`cardqr profiles add\`)`;
  }
  return err.code === 'unknown_endpoint'
    ? 'the path or method is not in the API (`cardqr api` paths are relative to the base URL, e.g. /cards)'
    : undefined;
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

/**
 * The one text of an API error on stderr: `error: code (status): message`, then (unless `brief`) its
 * details, what the failed request was and the request id, then one hint. Everything from the server
 * is escaped (output/sanitize.ts). `subject` names what failed (the id of a many-id command, whose
 * per-id text is `brief`: headline and hint).
 */
export function formatApiError(
  err: ApiError,
  opts: { subject?: string; brief?: boolean; baseUrl?: string } = {},
): string {
  const nf = notFoundLines(err);
  const message = err.afterWrites
    ? `${withoutNothingClaims(err.message)} (after ${err.afterWrites} in this run)`
    : err.message;
  let out = `error: ${safeLine(`${opts.subject ? `${opts.subject}: ` : ''}${err.code ?? 'http_error'} (${err.status}): ${message}`)}\n`;
  if (!opts.brief) {
    for (const d of err.details) out += `  ${safeLine(formatDetail(d))}\n`;
    for (const line of [...nf.lines, ...err.lines]) out += `  ${safeLine(line)}\n`;
    if (err.requestId) out += `  request id: ${safeLine(err.requestId)}\n`;
  }
  const hint = opts.brief
    ? nf.hint
    : (codeHint(err) ?? nf.hint ?? shortCodeHint(err) ?? baseUrlHint(err, opts.baseUrl));
  return redactKeyLike(hint ? `${out}hint: ${safeLine(hint)}\n` : out);
}

/**
 * An API message without its sentences saying that nothing happened ("Nothing was created.", "nothing
 * was changed"): true of the one request it answers, wrong of a run whose earlier writes succeeded.
 */
export function withoutNothingClaims(message: string): string {
  const kept = message
    .split(/(?<=[.!;])\s+/)
    .filter(
      (s) =>
        !/^\s*nothing\s+(was|has been|is|were)?\s*(created|changed|written|sent|saved|done|applied|imported|updated)\b/i.test(
          s,
        ),
    );
  return kept.join(' ').trim() || message;
}

function codeHint(err: ApiError): string | undefined {
  switch (err.code) {
    case 'invalid_api_key':
      return 'the key is missing, mistyped, revoked or expired; check `cardqr profiles show` or CARDQR_API_KEY';
    case 'forbidden':
      return 'the key lacks the scope this command needs; `cardqr me` lists its scopes (scopes cannot be added to a key: create a new one)';
    case 'upgrade_required_api':
      return 'the account plan does not include the REST API';
    case 'key_scoped_to_campaign':
      return 'this key works only on its own campaign; use an account-wide key';
    case 'limit_exhausted_cards':
    case 'limit_exhausted_products':
      return `the plan's ${err.code === 'limit_exhausted_cards' ? 'card' : 'QR code'} allowance is used up (the API does not say how large it is or how much is left): make room (delete codes or cards you no longer need) or change the plan${err.afterWrites ? '; what this run wrote stays' : ''}`;
    default:
      return undefined;
  }
}

// Client-side mirrors of the API's documented limits (api-spec "Limits"), checked before anything is
// sent so bad input fails with exit 2. One place for every command (cards, qr, campaigns import, ...).
// Each rule is pure: the problem as text (worded to follow the value's name), or undefined when the
// value may be sent. Commands turn a problem into a flag error (commands/flags.ts) or a UsageError.

export const STATUSES = ['draft', 'published', 'paused', 'archived'] as const;
export type Status = (typeof STATUSES)[number];
/** What a create may ask for (cards and QR codes start as draft or published). */
export const CREATE_STATUSES = ['draft', 'published'] as const;
export const QR_TYPES = ['url', 'file', 'page', 'gs1'] as const;

export const NAME_MAX = 200;
export const SHORT_CODE_MAX = 100;
export const SEARCH_MAX = 200;
export const IDEMPOTENCY_KEY_MAX = 255;
/**
 * Campaign endpoints take one JSON object of at most 1 MB (api-spec "Campaign create-card rules"). The
 * spec does not say 10^6 or 2^20 bytes: the smaller reading, so a body sent passes under either.
 */
export const CAMPAIGN_BODY_MAX = 1_000_000;
export const SHORT_CODE_RE = /^[A-Za-z0-9-]{1,100}$/;

/**
 * The words the spec names as reserved ("such as login, dashboard, api, pricing, help"). The full list is
 * not shown: any other word is sent, and a 400 reserved_short_link from the API is explained to the user.
 * Compared case-insensitively.
 */
export const RESERVED_SHORT_CODES: readonly string[] = ['login', 'dashboard', 'api', 'pricing', 'help'];

export function isReservedShortCode(code: string): boolean {
  return RESERVED_SHORT_CODES.includes(code.toLowerCase());
}

/** Problem with a short code, or undefined when it may be sent. */
export function shortCodeProblem(code: string): string | undefined {
  if (code.length > SHORT_CODE_MAX) return `is ${code.length} characters; at most ${SHORT_CODE_MAX} allowed`;
  if (!SHORT_CODE_RE.test(code)) return 'may contain only letters, digits and hyphens';
  if (isReservedShortCode(code)) return 'is a word the platform reserves';
  return undefined;
}

export function nameProblem(name: string): string | undefined {
  if (name.trim().length === 0) return 'must not be empty';
  if (name.length > NAME_MAX) return `is ${name.length} characters; at most ${NAME_MAX} allowed`;
  return undefined;
}

/** A full http(s) URL with a host and no spaces (what `destinationUrl` accepts). */
function isFullHttpUrl(value: string): boolean {
  if (/\s/.test(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export function urlProblem(value: string): string | undefined {
  return isFullHttpUrl(value) ? undefined : 'is not a full http(s) URL';
}

/**
 * A key travels in an HTTP header: visible ASCII only (no space, newline, control or non-ASCII
 * character, which Node refuses to send or a proxy may rewrite), 1 to 255 characters.
 */
export function idempotencyKeyProblem(key: string): string | undefined {
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX) return `must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`;
  const bad = /[^\x21-\x7e]/.exec(key)?.[0];
  if (bad !== undefined)
    return `must be visible ASCII characters (letters, digits, punctuation; no spaces): it holds ${JSON.stringify(bad)}`;
  return undefined;
}

export function searchProblem(text: string, max = SEARCH_MAX): string | undefined {
  return text.length > max ? `at most ${max} characters (got ${text.length})` : undefined;
}

/**
 * A campaign request body the API would refuse: a top-level `templateId` (api-spec.md §Campaign ingestion,
 * create-card rule 2: the campaign owns its template; the rule names no mode) or over the size it accepts.
 */
export function campaignBodyProblem(body: unknown): string | undefined {
  if (body && typeof body === 'object' && Object.hasOwn(body, 'templateId'))
    return 'templateId: a campaign owns its template and a campaign record must not send it (leave the key out)';
  const size = Buffer.byteLength(JSON.stringify(body));
  if (size <= CAMPAIGN_BODY_MAX) return undefined;
  return `the record is ${size} bytes as JSON; a campaign request body is at most ${CAMPAIGN_BODY_MAX} bytes (1 MB)`;
}

/** Levenshtein distance, for "did you mean" hints. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

/** The closest known word (case-insensitive), or undefined when nothing is near. */
export function closest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = editDistance(word.toLowerCase(), k.toLowerCase());
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/**
 * Why a card's or QR code's public link will not open (PRODUCT §13), or undefined when it opens: the plan
 * no longer covers it (`paused: true`), or its status is paused or archived. (In Trash it is not found at all.)
 */
export function whyWillNotOpen(o: { status: unknown; paused: unknown }): string | undefined {
  if (o.paused === true) return 'paused: the plan no longer covers it';
  if (o.status === 'paused') return 'status paused';
  if (o.status === 'archived') return 'status archived';
  return undefined;
}

/** A card's name as the service derives it: first + last name, at most NAME_MAX characters (PATCH /cards/:id). */
export function personName(fields: Record<string, unknown>): string | undefined {
  const name = [fields.firstName, fields.lastName]
    .map((s) => (typeof s === 'string' ? s.trim() : ''))
    .filter(Boolean)
    .join(' ');
  return name ? name.slice(0, NAME_MAX) : undefined;
}

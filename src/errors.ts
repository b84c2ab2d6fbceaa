// Typed errors and the exit-status table of PRODUCT.md section 2.
// api/client.ts turns HTTP into these; cli.ts is the only place that turns them into text.

export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  rejected: 5,
  unavailable: 6,
  partial: 7,
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_TABLE: Array<[number, string]> = [
  [0, 'success'],
  [1, 'the request failed (5xx after retries, unexpected response, an answer not showing the change asked for)'],
  [2, 'usage or input error, found before anything was sent'],
  [3, 'authentication or permission (401, 403, plan limits)'],
  [4, 'not found (404)'],
  [5, 'rejected request (400, 409, 422)'],
  [
    6,
    'could not get through (network, timeout, 429 after retries), or a write whose answer was lost (it may have been applied)',
  ],
  [7, 'partial: a bulk command finished and some items failed; analytics drift: a code fell or stopped'],
  [130, 'interrupted; work done so far is recorded'],
];

export interface ErrorDetail {
  field?: string;
  path?: Array<string | number>;
  key?: string;
  reason?: string;
  code?: string;
  message?: string;
  [k: string]: unknown;
}

export class CliError extends Error {
  readonly exit: ExitCode;
  constructor(
    message: string,
    exit: ExitCode,
    readonly lines: string[] = [],
  ) {
    super(message);
    this.exit = exit;
  }
}

export class UsageError extends CliError {
  constructor(message: string, lines: string[] = []) {
    super(message, EXIT.usage, lines);
  }
}

/**
 * A question ended without an answer: Ctrl-C at it, or a stop (SIGTERM) while it waited. Like "no":
 * nothing was sent, exit 2 (PRODUCT §15). `confirm` turns it into "no"; other askers let it through.
 */
export class QuestionCancelled extends CliError {
  constructor(message = 'cancelled at the question: nothing was sent') {
    super(message, EXIT.usage);
  }
}

export class PartialError extends CliError {
  constructor(message: string, lines: string[] = []) {
    super(message, EXIT.partial, lines);
  }
}

export class InterruptedError extends CliError {
  constructor(message = 'interrupted', lines: string[] = []) {
    super(message, EXIT.interrupted, lines);
  }
}

/** A request refused by the client because a stop was asked first: nothing was sent. */
export class NotSentError extends InterruptedError {}

/** A network error, timeout, or 429 that outlived every retry. */
export class UnavailableError extends CliError {
  constructor(message: string, lines: string[] = []) {
    super(message, EXIT.unavailable, lines);
  }
}

/**
 * A write that may have been applied (PRODUCT §16): some attempt failed after its request was sent (a
 * dropped connection, a timeout), so whatever later attempts answered (500, 429, another drop), the
 * service may have done it. Never a failure: exit 6, the report outcome `unknown`. `reachable` is false
 * when the last attempt got no answer at all (a batch stops: no later request would get through either).
 */
export class OutcomeUnknownError extends UnavailableError {
  constructor(
    message: string,
    lines: string[],
    readonly method: string,
    readonly path: string,
    readonly key: string | undefined,
    readonly reachable: boolean,
  ) {
    super(message, lines);
  }
}

/**
 * A connection that could not be set up, so nothing was sent (PRODUCT §15-16): a server certificate
 * that did not verify (never retried), a proxy that refused the tunnel or could not be reached. The
 * message is one line that says it all (host or proxy, why, what was trusted, how to fix); exit 6.
 */
export class ConnectionError extends UnavailableError {
  constructor(
    message: string,
    readonly kind: 'certificate' | 'proxy',
  ) {
    super(message);
  }
}

/** What an error's request was, for hints (set by the client). */
export interface FailedRequest {
  method: string;
  /** The URL path, e.g. /v1/cards/crd_123. */
  path: string;
  /** The body carried a shortCode (a 400 invalid_request then means the slug is taken). */
  sentShortCode: boolean;
}

/** An HTTP answer the API gave: keeps status, code, details and request id. */
export class ApiError extends CliError {
  request?: FailedRequest;
  /**
   * Set when this error ended a run after some of its writes had succeeded (`afterWrites`): what the run
   * did, e.g. "10 created, 0 updated". The API's words are about the one failed request, so a claim
   * that nothing happened ("Nothing was created.") is not shown then (output/hints.ts).
   */
  afterWrites?: string;
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly requestId?: string,
    readonly body?: unknown,
  ) {
    super(message, exitForStatus(status, code));
  }
}

/**
 * Marks an error that ends a run as coming after writes of the same run (`done`: what they did, e.g.
 * "10 created, 0 updated"; undefined or empty when nothing was written). Returns the error.
 */
export function afterWrites<E>(err: E, done: string | undefined): E {
  if (err instanceof ApiError && done) err.afterWrites = done;
  return err;
}

/**
 * A write the API answered with success whose answer does not show the change asked for (an idempotency
 * replay of an older request, or a service that ignored a field): never counted as done. Exit 1.
 */
export class ChangeNotShownError extends ApiError {
  constructor(what: string) {
    super(200, 'change_not_shown', `${what}: the change is not counted as done`);
  }
}

const AUTH_CODES = new Set([
  'invalid_api_key',
  'forbidden',
  'upgrade_required_api',
  'key_scoped_to_campaign',
  'campaign_api_disabled',
  'limit_exhausted_cards',
  'limit_exhausted_products',
]);

export function exitForStatus(status: number, code?: string): ExitCode {
  if (status === 401 || status === 403 || (code && AUTH_CODES.has(code))) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if (status === 429) return EXIT.unavailable;
  if (status === 400 || status === 409 || status === 422) return EXIT.rejected;
  return EXIT.failed;
}

/** One readable line per `error.details` entry, whatever its shape. */
export function formatDetail(d: ErrorDetail): string {
  const where = d.field ?? (Array.isArray(d.path) ? d.path.join('.') : undefined) ?? d.key ?? '';
  const why = d.reason ?? d.code ?? '';
  const parts = [where, why, d.message ?? ''].filter((p) => p !== '');
  return parts.length ? parts.join(': ') : JSON.stringify(d);
}

/** A failure no later request can get past (the key refused, the service unavailable): a batch stops. */
export function isFatal(err: unknown): boolean {
  if (err instanceof NotSentError) return true; // a stop was asked: no later item may start either
  if (err instanceof OutcomeUnknownError) return !err.reachable;
  return err instanceof CliError && (err.exit === EXIT.auth || err.exit === EXIT.unavailable);
}

/** Why one item of a batch failed, in a few words: the API's code, status and message, or the errno. */
export function failureReason(err: unknown): string {
  if (err instanceof ApiError) return `${err.code ?? 'http_error'} (${err.status}): ${err.message}`;
  const e = err as NodeJS.ErrnoException;
  return e?.code ? `${e.code}` : (e?.message ?? String(err));
}

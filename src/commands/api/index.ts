// `cardqr api <method> <path>`: a raw call through the one client; the answer's body as it came, or
// its JSON through the renderer (a list envelope as its items).
import { checkOutFile } from '../out-file.js';
import { refuseOwnPaths } from '../own-files.js';
import type { Method } from '../../api/client.js';
import { normaliseApiPath } from '../../api/ids.js';
import { idempotencyKeyProblem } from '../../api/rules.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { View } from '../../output/view.js';
import { readJsonData } from '../json-data.js';
import { idempotencyKeyFlag } from '../common-flags.js';
import { defineCommand } from '../model/define.js';
import { argument, flag, repeatable, value } from '../model/fields.js';
import { bytes, list, none, record, type Result } from '../model/result.js';

const METHODS: Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

export interface ApiCallOptions {
  method: Method;
  path: string;
  query: Record<string, string>;
  data?: string;
  idempotencyKey?: string;
}

export function parseApiCall(
  method: string,
  path: string,
  flags: { param?: string[]; data?: string; idempotencyKey?: string },
): ApiCallOptions {
  const m = method.toUpperCase() as Method;
  if (!METHODS.includes(m)) throw new UsageError(`unknown method "${method}": use one of ${METHODS.join(', ')}`);
  if (/^[a-z]+:\/\//i.test(path) || path.startsWith('//')) {
    throw new UsageError(
      'give a path relative to the base URL (e.g. /cards), not a full URL: the key is only sent to the configured API',
    );
  }
  const [bare, inline] = path.split('?', 2);
  const query: Record<string, string> = Object.fromEntries(new URLSearchParams(inline ?? ''));
  for (const pair of flags.param ?? []) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new UsageError(`--param "${pair}": expected key=value`);
    query[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const keyProblem = flags.idempotencyKey === undefined ? undefined : idempotencyKeyProblem(flags.idempotencyKey);
  if (keyProblem) throw new UsageError(`--idempotency-key ${keyProblem}`);
  return {
    method: m,
    path: normaliseApiPath(bare.startsWith('/') ? bare : `/${bare}`),
    query,
    data: flags.data,
    idempotencyKey: flags.idempotencyKey,
  };
}

export const api = defineCommand({
  name: 'api',
  summary: 'Make a raw API call through the same client (auth, retries, errors)',
  args: {
    method: argument('<method>', `HTTP method {${METHODS.join(' | ')}}`),
    path: argument('<path>', 'path relative to the base URL, e.g. /cards'),
  },
  flags: {
    data: value('--data <json>', 'request body: inline JSON, @file.json, or - for stdin'),
    param: repeatable(
      '-p, --param <key=value>',
      'query parameter (repeatable); --query is the JMESPath filter, as on every command',
    ),
    out: value(
      '-O, --out <file>',
      "write the answer's body to this file as it came (an image, a PDF, JSON), or - for standard output",
    ),
    paginate: flag(
      '--paginate',
      'GET a list endpoint page after page (100 items each, following pagination.hasMore) and print every item',
    ),
    idempotencyKey: idempotencyKeyFlag,
  },
  examples: [
    'cardqr api GET /cards --param limit=5',
    'cardqr api GET /leads --paginate -o ndjson --query "contact.email"',
    'cardqr api PATCH /qr-codes/qr_123 --data \'{"status":"paused"}\'',
    'cardqr api GET /qr-codes/qr_123/image --param format=svg -O code.svg',
  ],
  async run(ctx, { method, path, ...flags }) {
    const call = parseApiCall(method, path, flags);
    if (flags.paginate) {
      if (flags.out !== undefined) throw new UsageError('--paginate prints items: it does not take -O');
      return paginate(ctx, call);
    }
    // Refused formats (-o vcf) and an -O that cannot be written stop the command before a request
    // can change anything (the answer of a POST must not be lost to a missing directory).
    ctx.output();
    if (flags.out !== undefined && flags.out !== '-') {
      checkOutFile(flags.out, { replace: true, specialHint: 'name a file, or use -O - for standard output' });
      refuseOwnPaths(ctx, [{ flag: '-O', path: flags.out }]);
    }
    const body = call.data !== undefined ? await readJsonData(call.data, ctx) : undefined;
    const client = await ctx.api();
    // Sent as JSON text: a JSON string given with --data ("hello") must reach the API quoted, not bare.
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const res = await client.requestAny(call.method, call.path, {
      query: call.query,
      body: payload,
      idempotencyKey: call.idempotencyKey,
      ...(payload === undefined ? {} : { journal: 'any' as const }),
    });
    // A body that is not JSON (an image, a PDF), or any body with -O: its bytes as they came.
    const raw = res.bytes ?? (flags.out !== undefined && res.data !== undefined ? jsonBytes(res.data) : undefined);
    if (raw) return saveBody(ctx, raw, res.contentType || 'application/json', flags.out ?? '-');
    if (res.data === undefined) return none;
    return record(res.data, VIEW);
  },
});

/** A JSON answer written with -O: as JSON text, indented, ending in a newline. */
function jsonBytes(data: unknown): Buffer {
  return Buffer.from(JSON.stringify(data, null, 2) + '\n');
}

/**
 * The bytes of an answer to `-O <file>` (replaced whole, never half-written) or to standard output
 * (`-O -`, or no -O), which refuses a terminal for anything but text: image bytes would garble it.
 */
async function saveBody(ctx: Context, body: Buffer, type: string, out: string): Promise<Result> {
  const what = `${type.split(';')[0]} (${body.length} bytes)`;
  if (out === '-') {
    if (ctx.io.isStdoutTTY && !/^text\/|json|xml|csv/i.test(type))
      throw new UsageError(
        `the answer is ${what}: not written to a terminal; redirect standard output or use -O <file>`,
      );
    return bytes(body);
  }
  const { replaceFile } = await import('../../fs/durable.js');
  await replaceFile(out, body, { mode: 0o644 });
  ctx.msg.info(`wrote ${what} to ${out}`);
  return none;
}

/**
 * Any response: a list envelope prints its items (so -o ndjson/csv give one line per item, -q their
 * ids), except with -o json; anything else whole.
 */
const VIEW: View = {
  columns: [
    { header: 'id', value: 'id' },
    { header: 'object', value: 'object' },
  ],
  list: (data: { object?: string; data?: unknown } | null) =>
    data?.object === 'list' && Array.isArray(data.data) ? data.data : undefined,
};

/** `--paginate`: every item of every page, streamed as pages arrive (json: one array; ndjson: a line each). */
async function paginate(ctx: Context, call: ApiCallOptions): Promise<Result> {
  if (call.method !== 'GET')
    throw new UsageError(`--paginate follows the pages of a list: it works with GET, not ${call.method}`);
  if (call.data !== undefined) throw new UsageError('--paginate does not take --data');
  const { limit: _limit, offset, ...query } = call.query;
  const start = offset === undefined ? 0 : Number(offset);
  if (!Number.isInteger(start) || start < 0)
    throw new UsageError(`offset "${offset}": expected a whole number of 0 or more`);
  ctx.output(); // a refused format sends nothing
  const { PagedList } = await import('../../api/pages.js');
  const pages = new PagedList(await ctx.api(), call.path, query, {
    all: true,
    offset: start,
    signal: ctx.interruptible(),
  });
  return list(pages, VIEW);
}

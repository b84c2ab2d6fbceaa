import { Command } from 'commander';
import { printBytes } from '../../output/stdout.js';
import { checkOutFile } from '../out-file.js';
import { refuseOwnPaths } from '../own-files.js';
import { action } from '../action.js';
import type { Method } from '../../api/client.js';
import { normaliseApiPath } from '../../api/ids.js';
import { idempotencyKeyProblem } from '../../api/rules.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { withIdempotencyKey, repeatableOption } from '../flags.js';
import type { View } from '../../output/view.js';
import { example } from '../../help/annotations.js';
import { readJsonData } from '../json-data.js';

const METHODS: Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

interface ApiFlags {
  param?: string[];
  data?: string;
  idempotencyKey?: string;
  paginate?: boolean;
  out?: string;
}

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

export function apiCommand(): Command {
  const cmd = withIdempotencyKey(
    new Command('api')
      .description('Make a raw API call through the same client (auth, retries, errors)')
      .argument('<method>', `HTTP method {${METHODS.join(' | ')}}`)
      .argument('<path>', 'path relative to the base URL, e.g. /cards')
      .option('--data <json>', 'request body: inline JSON, @file.json, or - for stdin')
      .addOption(
        repeatableOption(
          '-p, --param <key=value>',
          'query parameter (repeatable); --query is the JMESPath filter, as on every command',
        ),
      )
      .option(
        '-O, --out <file>',
        "write the answer's body to this file as it came (an image, a PDF, JSON), or - for standard output",
      )
      .option(
        '--paginate',
        'GET a list endpoint page after page (100 items each, following pagination.hasMore) and print every item',
      ),
  ).action(
    action(async (ctx, method: string, path: string, flags: ApiFlags) => {
      const call = parseApiCall(method, path, flags);
      if (flags.paginate) {
        if (flags.out !== undefined) throw new UsageError('--paginate prints items: it does not take -O');
        return paginate(ctx, call);
      }
      // Refused formats (-o vcf) and an -O that cannot be written stop the command before a request
      // can change anything (the answer of a POST must not be lost to a missing directory).
      const settings = ctx.output();
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
      const bytes = res.bytes ?? (flags.out !== undefined && res.data !== undefined ? jsonBytes(res.data) : undefined);
      if (bytes) return saveBody(ctx, bytes, res.contentType || 'application/json', flags.out ?? '-');
      if (res.data === undefined) return;
      const { renderRecord } = await import('../../output/render.js');
      await renderRecord(res.data, VIEW, settings, ctx);
    }),
  );
  return example(
    cmd,
    'cardqr api GET /cards --param limit=5',
    'cardqr api GET /leads --paginate -o ndjson --query "contact.email"',
    'cardqr api PATCH /qr-codes/qr_123 --data \'{"status":"paused"}\'',
    'cardqr api GET /qr-codes/qr_123/image --param format=svg -O code.svg',
  );
}

/** A JSON answer written with -O: as JSON text, indented, ending in a newline. */
function jsonBytes(data: unknown): Buffer {
  return Buffer.from(JSON.stringify(data, null, 2) + '\n');
}

/**
 * The bytes of an answer to `-O <file>` (replaced whole, never half-written) or to standard output
 * (`-O -`, or no -O), which refuses a terminal for anything but text: image bytes would garble it.
 */
async function saveBody(ctx: Context, bytes: Buffer, type: string, out: string): Promise<void> {
  const what = `${type.split(';')[0]} (${bytes.length} bytes)`;
  if (out === '-') {
    if (ctx.io.isStdoutTTY && !/^text\/|json|xml|csv/i.test(type))
      throw new UsageError(
        `the answer is ${what}: not written to a terminal; redirect standard output or use -O <file>`,
      );
    return printBytes(ctx.io, bytes);
  }
  const { replaceFile } = await import('../../fs/durable.js');
  await replaceFile(out, bytes, { mode: 0o644 });
  ctx.msg.info(`wrote ${what} to ${out}`);
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
async function paginate(ctx: Context, call: ApiCallOptions): Promise<void> {
  if (call.method !== 'GET')
    throw new UsageError(`--paginate follows the pages of a list: it works with GET, not ${call.method}`);
  if (call.data !== undefined) throw new UsageError('--paginate does not take --data');
  const { limit: _limit, offset, ...query } = call.query;
  const start = offset === undefined ? 0 : Number(offset);
  if (!Number.isInteger(start) || start < 0)
    throw new UsageError(`offset "${offset}": expected a whole number of 0 or more`);
  const settings = ctx.output();
  const [{ PagedList }, { renderList }] = await Promise.all([
    import('../../api/pages.js'),
    import('../../output/render.js'),
  ]);
  const list = new PagedList(await ctx.api(), call.path, query, {
    all: true,
    offset: start,
    signal: ctx.interruptible(),
  });
  await renderList(list, VIEW, settings, ctx);
}

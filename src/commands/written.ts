// What a command that writes prints: the record it created or changed (its id alone with -q), or
// under --dry-run the request it would have sent. Through output/ like every other data.
import type { Context } from '../context.js';
import type { View } from '../output/render.js';

/** Prints a created or changed record; with -q only its id (so `id=$(cardqr cards create ... -q)` works). */
export async function printWritten<T>(ctx: Context, record: T, view: View<T>, id: string): Promise<void> {
  const { renderWritten } = await import('../output/render.js');
  await renderWritten(record, view, ctx.output(), ctx, id);
}

/** --dry-run of a write: the request that would be sent, on stdout (json by default off a terminal); nothing is sent. */
export async function printDryRun(ctx: Context, method: string, path: string, body: unknown): Promise<void> {
  ctx.msg.say(`dry run: nothing was sent (${method} ${path} would carry the body below)`);
  if (ctx.msg.quiet) return;
  const { renderRecord } = await import('../output/render.js');
  // The body as JSON would carry it (undefined members dropped), not the object in memory.
  const sent: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
  await renderRecord({ dryRun: true, method, path, body: sent }, { columns: [] }, ctx.output(), ctx);
}

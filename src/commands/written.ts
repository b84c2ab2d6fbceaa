// What a command that writes prints: the record it created or changed (its id alone with -q), through
// output/ like every other data. (A definition returns `written` from model/result.ts instead.)
import type { Context } from '../context.js';
import type { View } from '../output/render.js';

/** Prints a created or changed record; with -q only its id (so `id=$(cardqr cards create ... -q)` works). */
export async function printWritten<T>(ctx: Context, record: T, view: View<T>, id: string): Promise<void> {
  const { renderWritten } = await import('../output/render.js');
  await renderWritten(record, view, ctx.output(), ctx, id);
}

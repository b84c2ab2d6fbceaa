// How each kind of result reaches stdout (model/result.ts), through output/: the one place a
// command's data is printed.
import type { PagedList } from '../../api/pages.js';
import type { Context } from '../../context.js';
import type { OutputSettings } from '../../output/settings.js';
import type { View } from '../../output/view.js';
import type { Result } from './result.js';

const NO_VIEW: View = { columns: [] };

export async function printResult(
  ctx: Context,
  result: Result,
  loaded: { view?: Promise<View>; settings?: OutputSettings },
): Promise<void> {
  const { io } = ctx;
  const viewOf = async (own?: View) => own ?? (await loaded.view) ?? NO_VIEW;
  switch (result.kind) {
    case 'record': {
      const { renderRecord } = await import('../../output/render.js');
      return renderRecord(result.value, await viewOf(result.view), loaded.settings ?? ctx.output(), ctx);
    }
    case 'written': {
      const { renderWritten } = await import('../../output/render.js');
      return renderWritten(result.value, await viewOf(result.view), loaded.settings ?? ctx.output(), ctx, result.id);
    }
    case 'list': {
      const settings = loaded.settings ?? ctx.output();
      const paged = 'start' in result.list ? (result.list as PagedList<unknown>) : undefined;
      if (paged) {
        paged.start();
        await new Promise((sent) => setImmediate(sent));
      }
      const [{ renderList }, view] = await Promise.all([import('../../output/render.js'), viewOf(result.view)]);
      await renderList(result.list, view, settings, ctx, paged && (() => paged.hint()));
      return;
    }
    case 'dryRun': {
      ctx.msg.say(`dry run: nothing was sent (${result.method} ${result.path} would carry the body below)`);
      if (ctx.msg.quiet) return;
      const { renderRecord: show } = await import('../../output/render.js');
      // The body as JSON would carry it (undefined members dropped), not the object in memory.
      const body: unknown = result.body === undefined ? undefined : JSON.parse(JSON.stringify(result.body));
      const shown = { dryRun: true, method: result.method, path: result.path, body };
      return show(shown, NO_VIEW, ctx.output(), ctx);
    }
    case 'summary': {
      const { summaryAsJson } = await import('../../output/settings.js');
      const asJson =
        summaryAsJson(ctx.globals) ??
        (result.jsonWhenPiped && !io.isStdoutTTY ? { pretty: false, query: ctx.globals.query } : undefined);
      if (asJson) {
        const { printJson } = await import('../../output/query.js');
        await printJson(io, result.value, result.pretty ?? asJson.pretty, asJson.query);
        if (result.note) ctx.msg.say(result.note);
        return;
      }
      if (!result.lines?.length) return;
      const { printLines } = await import('../../output/stdout.js');
      return printLines(io, result.lines);
    }
    case 'line': {
      if (ctx.msg.quiet) return; // -q: a command that is not a list or a write prints nothing on success
      const [{ renderResult }, { chosenFormat }] = await Promise.all([
        import('../../output/render.js'),
        import('../../output/settings.js'),
      ]);
      return renderResult(io, chosenFormat(ctx.globals, io.isStdoutTTY, 'result'), result.value, result.line);
    }
    case 'text': {
      const { printText } = await import('../../output/stdout.js');
      return printText(io, result.text);
    }
    case 'bytes': {
      const { printBytes } = await import('../../output/stdout.js');
      return printBytes(io, result.bytes);
    }
    case 'stream': {
      const { dataStream } = await import('../../output/stdout.js');
      const after = await result.write({ ...dataStream(io), print: (r) => printResult(ctx, r, loaded) });
      if (after) return printResult(ctx, after, loaded);
      return;
    }
    case 'none':
      return;
  }
}

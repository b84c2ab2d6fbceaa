// What the read commands not yet defined as data share (campaigns get, campaigns schema, campaigns
// list; the definitions' own are model/records.ts): showing one record by id, printing a paged list,
// and the plain list commands. The output settings are resolved first (a refused -o
// sends nothing); the request leaves before the renderer and the view are loaded, which load while it
// travels.
import { Command } from 'commander';
import type { ApiClient } from '../api/client.js';
import type { PagedList, PageOptions } from '../api/pages.js';
import type { Context } from '../context.js';
import { example, withFields } from '../help/annotations.js';
import type { FieldsCatalogue, ZodLike } from '../output/field-names.js';
import type { View } from '../output/view.js';
import { action } from './action.js';
import { checkId } from '../api/ids.js';
import { type ListFlags, withListOptions } from './flags.js';

export interface ShowRecord<T> {
  name: string;
  description: string;
  /** The id argument: its name and its help. */
  argument: [name: string, help: string];
  fetch(client: ApiClient, id: string): Promise<T>;
  view(): Promise<View<T>>;
  /** Said before the record is printed (a warning the record itself gives reason for). */
  notice?(ctx: Context, record: T): void;
  fields: () => Promise<ZodLike>;
  fieldsOptions?: Omit<FieldsCatalogue, 'schema'>;
  examples: string[];
}

export function showRecordCommand<T>(spec: ShowRecord<T>): Command {
  const cmd = new Command(spec.name)
    .description(spec.description)
    .argument(...spec.argument)
    .action(
      action(async (ctx, id: string) => {
        checkId(id);
        const settings = ctx.output();
        const [record, view, { renderRecord }] = await Promise.all([
          ctx.api().then((client) => spec.fetch(client, id)),
          spec.view(),
          import('../output/render.js'),
        ]);
        spec.notice?.(ctx, record);
        await renderRecord(record, view, settings, ctx);
      }),
    );
  withFields(cmd, spec.fields, spec.fieldsOptions);
  return example(cmd, ...spec.examples);
}

/** A paged list printed: the first page's request leaves on this turn of the event loop; what prints it loads meanwhile. */
export async function printList<T>(ctx: Context, list: PagedList<T>, view: () => Promise<View<T>>): Promise<void> {
  const settings = ctx.output();
  list.start();
  await new Promise((sent) => setImmediate(sent));
  const [{ renderList }, shown] = await Promise.all([import('../output/render.js'), view()]);
  await renderList(list, shown, settings, ctx, () => list.hint());
}

export interface ListRecords<T> {
  description: string;
  defaultLimit: number;
  list(client: ApiClient, page: PageOptions): Promise<PagedList<T>>;
  view(): Promise<View<T>>;
  fields: () => Promise<ZodLike>;
  examples: string[];
}

/** `list` (alias `ls`) of a resource with no filter of its own: --limit, --offset, --all. */
export function listRecordsCommand<T>(spec: ListRecords<T>): Command {
  const cmd = withListOptions(new Command('list').alias('ls').description(spec.description), spec.defaultLimit).action(
    action(async (ctx, flags: ListFlags) => {
      const page = { limit: flags.limit ?? spec.defaultLimit, offset: flags.offset, all: flags.all };
      await printList(ctx, await spec.list(await ctx.api(), page), spec.view);
    }),
  );
  withFields(cmd, spec.fields);
  return example(cmd, ...spec.examples);
}

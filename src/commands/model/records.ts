// What the read commands share, as definitions: showing one record by id (cards get, qr get,
// campaigns get, templates get...) and the plain list commands (campaigns list, templates list).
// The output settings are resolved before run (a refused -o sends nothing); the request leaves
// before the renderer and the view are loaded, which load while it travels (model/run.ts).
import type { ApiClient } from '../../api/client.js';
import { checkId } from '../../api/ids.js';
import type { PagedList, PageOptions } from '../../api/pages.js';
import type { Context } from '../../context.js';
import type { FieldsCatalogue, ZodLike } from '../../output/field-names.js';
import type { View } from '../../output/view.js';
import { listFlags } from '../common-flags.js';
import { defineCommand } from './define.js';
import { argument } from './fields.js';
import { list, record } from './result.js';

export interface ShowRecord<T> {
  name: string;
  summary: string;
  /** The id argument: its name and its help. */
  argument: [name: string, help: string];
  fetch(client: ApiClient, id: string): Promise<T>;
  view(): Promise<View<T>>;
  /** Said before the record is printed (a warning the record itself gives reason for). */
  notice?(ctx: Context, record: T): void;
  fields: Omit<FieldsCatalogue, 'schema'> & { schema: () => Promise<ZodLike> };
  examples: string[];
}

export function showRecord<T>(spec: ShowRecord<T>) {
  return defineCommand({
    name: spec.name,
    summary: spec.summary,
    args: { id: argument(spec.argument[0], spec.argument[1], checkedId) },
    examples: spec.examples,
    fields: spec.fields,
    view: spec.view as () => Promise<View>,
    async run(ctx, { id }) {
      const found = await spec.fetch(await ctx.api(), id);
      spec.notice?.(ctx, found);
      return record(found);
    },
  });
}

function checkedId(id: string): string {
  checkId(id);
  return id;
}

export interface ListRecords<T> {
  summary: string;
  defaultLimit: number;
  list(client: ApiClient, page: PageOptions): Promise<PagedList<T>>;
  view(): Promise<View<T>>;
  fields: () => Promise<ZodLike>;
  examples: string[];
}

/** `list` (alias `ls`) of a resource with no filter of its own: --limit, --offset, --all. */
export function listRecords<T>(spec: ListRecords<T>) {
  return defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: spec.summary,
    flags: listFlags(spec.defaultLimit),
    examples: spec.examples,
    fields: { schema: spec.fields },
    view: spec.view as () => Promise<View>,
    async run(ctx, flags) {
      const page = { limit: flags.limit ?? spec.defaultLimit, offset: flags.offset, all: flags.all };
      return list((await spec.list(await ctx.api(), page)) as PagedList<unknown>);
    },
  });
}

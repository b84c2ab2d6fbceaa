// The commands that show one record by id (cards get, cards wallet, qr get, campaigns get, campaigns
// schema, templates get): one GET, one record through the renderer, the resource's --fields catalogue.
// The output settings are resolved first (a refused -o sends nothing); the request leaves before the
// renderer and the view are loaded, which load while it travels.
import { Command } from 'commander';
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { example, withFields } from '../help/annotations.js';
import type { FieldsCatalogue, ZodLike } from '../output/field-names.js';
import type { View } from '../output/view.js';
import { action } from './action.js';

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
        const settings = ctx.output();
        const [record, view, { renderRecord }] = await Promise.all([
          ctx.api().then((client) => spec.fetch(client, id)),
          spec.view(),
          import('../output/render.js'),
        ]);
        spec.notice?.(ctx, record);
        await renderRecord(record, view, settings, ctx.io);
      }),
    );
  withFields(cmd, spec.fields, spec.fieldsOptions);
  return example(cmd, ...spec.examples);
}

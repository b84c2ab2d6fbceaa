import { defineCommand } from '../model/define.js';
import { value } from '../model/fields.js';
import { line } from '../model/result.js';
import { storeFlag, storeFor, waitFlag, withStore } from '../history-store.js';

export const analyticsMigrate = defineCommand({
  name: 'migrate',
  summary: 'Bring the history store to the schema this cardqr writes (creating it when missing)',
  flags: {
    ...storeFlag,
    wait: value(
      '--wait <duration>',
      'how long to wait for a snapshot or report in progress (default: 10m; 0: do not wait)',
      waitFlag,
    ),
  },
  examples: ['cardqr analytics migrate', 'cardqr analytics migrate --store postgres://cardqr@db.internal/cardqr'],
  async run(ctx, flags) {
    const loc = await storeFor(ctx, flags.store, { write: true });
    const done = await withStore(ctx, loc, { write: true }, async (store) => {
      const lock = await store.sql.lock('cardqr-history:migrate', {
        waitMs: flags.wait ?? 600_000,
        wait: (ms) => ctx.sleep(ms),
        now: () => ctx.now(),
        said: (holder) => ctx.msg.say(`waiting: ${holder}`),
      });
      try {
        return { store: store.where, ...(await store.prepare({ migrate: true })) };
      } finally {
        await lock.release();
      }
    });
    return line(
      done,
      done.from === done.to
        ? `the history store ${done.store} is at schema version ${done.to}: nothing to do`
        : `the history store ${done.store} migrated from schema version ${done.from} to ${done.to}`,
    );
  },
});

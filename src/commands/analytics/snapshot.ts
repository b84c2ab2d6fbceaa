import { defineCommand } from '../model/define.js';
import { flag, value } from '../model/fields.js';
import { line } from '../model/result.js';
import { storeFlag, storeFor, waitFlag, withStore, zoneFlag, zoneOf } from '../history-store.js';

export const analyticsSnapshot = defineCommand({
  name: 'snapshot',
  summary: "Keep the daily scans of every QR code and card in a history store that outlives the plan's window",
  flags: {
    ...storeFlag,
    ...zoneFlag,
    cards: flag('--no-cards', "leave the cards' timelines out (cards carry no count, so each costs a request)"),
    wait: value(
      '--wait <duration>',
      'how long to wait for another snapshot of the account to finish, then exit 6 (default: 10m; 0: do not wait)',
      waitFlag,
    ),
  },
  details: `Requests: GET /me, the QR code pages (live, then archived), the card pages, then one timeline
for each QR code whose scanCount moved since the last snapshot in this zone and one per card, paced
to the key's limit. The rows are written in one transaction after the fetching: a snapshot killed
half-way leaves the store as it was. Days the plan's window later drops stay in the store.`,
  examples: [
    'cardqr analytics snapshot',
    'cardqr analytics snapshot --tz Europe/Paris --no-cards',
    'CARDQR_HISTORY_URL=postgres://cardqr@db.internal/cardqr cardqr analytics snapshot --wait 30m',
  ],
  async run(ctx, flags) {
    const zone = zoneOf(ctx, flags.tz);
    const loc = await storeFor(ctx, flags.store, { write: true });
    const client = await ctx.api();
    const result = await withStore(ctx, loc, { write: true, caFile: (await ctx.network()).caFile }, async (store) => {
      const { takeSnapshot } = await import('../../jobs/history/snapshot.js');
      return takeSnapshot(client, store, {
        zone,
        cards: flags.cards !== false,
        now: () => ctx.now(),
        signal: ctx.interruptible(),
        lock: {
          waitMs: flags.wait ?? 600_000,
          wait: (ms) => ctx.sleep(ms),
          said: (holder) => ctx.msg.say(`waiting: ${holder}`),
        },
      });
    });
    const migrated = result.migrated
      ? `; the store migrated from schema version ${result.migrated.from} to ${result.migrated.to}`
      : '';
    return line(
      result,
      `snapshot of ${result.account} in ${result.zone}: ${result.codes} QR codes (${result.moved} moved), ${result.cards} cards; ${result.timelines} timelines, ${result.requests} requests${migrated}`,
    );
  },
});

// `cardqr serve`: the local dashboard (PRODUCT §19). The server (src/serve/) holds the key and makes
// every API call; this file turns the flags into its options, names the account, prints the one-time
// URL (and hands it to the browser with --open), and stops it on Ctrl-C.
import { configDir } from '../../config/paths.js';
import { UsageError } from '../../errors.js';
import { parseZone } from '../dates.js';
import { intIn } from '../flags.js';
import { defineCommand } from '../model/define.js';
import { flag, value } from '../model/fields.js';
import { started, stream } from '../model/result.js';
import type { Dashboard } from '../../serve/server.js';

/** The dashboard's share of the key's rate (as `leads follow` and `cardqr mcp`: the rest is left to other tools). */
const SERVE_SHARE = 0.5;
const DEFAULT_PORT = 4020;

export const serve = defineCommand({
  name: 'serve',
  summary:
    'Serve a local dashboard on 127.0.0.1: scans over time, leads, CRM, print runs, agent plans (the key stays here)',
  flags: {
    port: value('--port <port>', `port on 127.0.0.1; 0 picks a free one (default: ${DEFAULT_PORT})`, intIn(0, 65535)),
    open: flag(
      '--open',
      "open the one-time URL in this machine's browser (xdg-open, open, or the Windows URL handler)",
    ),
    store: value(
      '--store <file|url>',
      'the history store to chart: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)',
    ),
    tz: value(
      '--tz <zone>',
      'IANA time zone of the store\'s days, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)',
    ),
  },
  details: `
Prints a one-time URL: it works once, within 60 seconds, and leaves a session cookie (HttpOnly,
SameSite=Strict) in that browser; a visit without one prints a fresh URL here. The page never sees the
key: this process makes every API call, paced to half the key's rate, each answer kept 60 seconds.
Only 127.0.0.1 listens; a request naming another host or coming from another origin is refused.
Scans over time come from the history store (\`cardqr analytics snapshot\`), read only: a store named
with --store or CARDQR_HISTORY_URL must open; the default one not there yet is a line in its panel.
Approving an agent plan stays in the terminal: the page shows the \`cardqr plans approve <id>\` to copy.`,
  examples: [
    'cardqr serve',
    'cardqr serve --port 0 --open',
    'CARDQR_HISTORY_URL=postgres://dash@db.example/cardqr cardqr serve --tz Europe/Paris',
  ],
  async run(ctx, flags) {
    const zone = parseZone(flags.tz, '--tz', ctx.env);
    const signal = ctx.interruptible();
    const settings = await ctx.settings();
    const { startDashboard } = await import('../../serve/server.js');
    const { historySource, plansSource } = await import('./sources.js');
    const port = flags.port ?? DEFAULT_PORT;
    const { close: closeHistory, ...history } = await historySource(ctx, flags.store, zone);
    const dash: Dashboard = await startDashboard({
      port,
      clock: ctx.clock,
      now: ctx.now,
      api: ctx.api,
      baseUrl: settings.baseUrl,
      configDir: configDir(ctx.env),
      ...history,
      ...(await plansSource(ctx)),
      onLoginNeeded: (url) => ctx.msg.say(`a fresh one-time link (once, within 60 s): ${url}`),
      onFault: (line) => ctx.msg.warn(line),
    })
      .catch((e: NodeJS.ErrnoException) => {
        if (e?.code === 'EADDRINUSE')
          throw new UsageError(
            `port ${port} on 127.0.0.1 is already in use: pick another with --port <n>, or --port 0`,
          );
        if (e?.code === 'EACCES')
          throw new UsageError(`not allowed to listen on port ${port}: use a port above 1023, or --port 0`);
        throw e;
      })
      .catch(async (e: unknown) => {
        await closeHistory?.();
        throw e;
      });
    // Listening first: a port in use is refused before any request is sent.
    const me = await (
      await ctx.api()
    )
      .paceToKey({ share: SERVE_SHARE, signal })
      .then((paced) => paced.me)
      .catch(async (e: unknown) => {
        await dash.close();
        await closeHistory?.();
        throw e;
      });
    const url = dash.loginUrl();
    if (flags.open) {
      const { openInBrowser } = await import('../../serve/open.js');
      const failed = await openInBrowser(url, ctx.env);
      if (failed) ctx.msg.warn(`--open: ${failed}; open the URL below yourself`);
    }
    ctx.msg.info(`serving account ${me.account.id} (${settings.profile?.name ?? 'no profile'}) on ${dash.origin}`);
    return stream(async ({ print }) => {
      await print(
        started(
          { object: 'dashboard', origin: dash.origin, url, expiresInSeconds: 60, account: me.account.id },
          [`cardqr dashboard on ${dash.origin} (Ctrl-C to stop)`, `  open once, within 60 s   ${url}`],
          `dashboard on ${dash.origin} (Ctrl-C to stop)`,
        ),
      );
      if (!signal.aborted)
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      await dash.close();
      await closeHistory?.();
    });
  },
});

// A run of `image --ledger` or `print` in the print ledger (jobs/print/ledger.ts): its first line names
// the command, the profile and API (never the key), the layout and this cardqr; the caller adds one line
// per code and commits, or discards the run on a failure.
import type { Context } from '../context.js';
import type { LedgerWriter } from '../jobs/print/ledger.js';

export async function startLedgerRun(
  ctx: Context,
  command: 'image' | 'print',
  layout: string,
  extra: { dpi?: number } = {},
): Promise<{ run: string; ledger: LedgerWriter }> {
  const [{ LedgerWriter, newRunId }, { configDir }] = await Promise.all([
    import('../jobs/print/ledger.js'),
    import('../config/paths.js'),
  ]);
  const settings = await ctx.settings();
  const run = newRunId(ctx.now());
  const ledger = await LedgerWriter.create(configDir(ctx.env), run);
  try {
    await ledger.add({
      type: 'run',
      version: 1,
      run,
      command,
      createdAt: ctx.now().toISOString(),
      profile: settings.profile?.name ?? null,
      baseUrl: settings.baseUrl,
      layout,
      ...extra,
      cardqr: ctx.version,
    });
  } catch (e) {
    await ledger.discard();
    throw e;
  }
  return { run, ledger };
}

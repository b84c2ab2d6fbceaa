import { UsageError } from '../../errors.js';
import type { ExportSummary } from '../../jobs/leads/export.js';
import type { Context } from '../../context.js';
import { defineCommand } from '../model/define.js';
import { required, value } from '../model/fields.js';
import { stream } from '../model/result.js';
import { leadFields } from './lead-output.js';
import { leadFileFlags, lockedWindowFlag, parseSince, sinceFlags } from './options.js';

export const leadsExport = defineCommand({
  name: 'export',
  summary: 'Export every lead created since the last run, oldest first: incremental and safe under cron',
  flags: {
    state: required(
      '--state <file>',
      'state file keeping the cursor; created by the first run; <file>.lock is held while running',
    ),
    out: value(
      '--out <file>',
      'write to this file (default: standard output); an existing export file is added to, never replaced (json: refused)',
    ),
    ...sinceFlags('first run only (default: every lead): start at leads created at or after'),
    lockedWindow: lockedWindowFlag,
    ...leadFileFlags,
  },
  details: `
Output: -o ndjson (default), csv, json or vcf (vCards), or --preset hubspot|salesforce, oldest lead first. Archived leads are included.
CSV columns: id, createdAt, source, trigger, cardId, cardName, formName, locked, archived,
  contact.name, contact.email, contact.phone, contact.company, contact.title, country, city,
  marketingOptIn, consentAt, hubspot.status, answers ("label: value; label: value").
  A locked lead has locked=true and empty contact cells.
The state file is replaced only after the whole output is written, so two runs never export a lead
twice and a crash never skips one (a run killed after writing but before saving the state exports
the same leads again next time). A lead exported while locked (no contact yet) is remembered in the
state file and re-read (GET /leads/:id) on each later run, for --locked-window; the run that finds it
unlocked exports it once more, with its contact, before the new leads. A second run on the same state file stops with exit 2 while the
first holds <file>.lock; a lock left by a process that no longer exists is taken over.
On success it prints one summary line on stderr (nothing with -q).

Cron (crontab -e; % must be written \\% there):
  15 * * * * cardqr --profile prod -q leads export --state /var/lib/cardqr/leads.state --out /var/lib/cardqr/leads-$(date +\\%F-\\%H).ndjson
`,
  examples: [
    'cardqr leads export --state ~/leads.state.json --out leads-$(date +%F).ndjson',
    'cardqr leads export --state leads.state.json -o csv --since 2026-01-01T00:00:00Z > leads.csv',
    'cardqr leads export --state leads.state.json --preset hubspot --locked-window 7d --out hubspot.csv',
  ],
  fields: leadFields,
  async run(ctx, flags) {
    const [{ leadFileKind }, { leadExportFormat, leadExportFormatter }] = await Promise.all([
      import('../../output/leads/files.js'),
      import('../../output/leads/export.js'),
    ]);
    const file = await leadFileKind(flags, ctx.globals, { quietAllowed: true });
    const format = leadExportFormat(ctx.globals, file);
    if (ctx.globals.query !== undefined) {
      throw new UsageError(
        'leads export does not take --query (it writes every lead, resumably): filter its ndjson with jq, or use `leads list --all --query`',
      );
    }
    const since = parseSince(ctx.now(), flags, ctx.env);
    // The row mapper belongs to the view (output/lead-export.ts); the engine only writes what it is given.
    const formatter = await leadExportFormatter(format, file, ctx.globals);
    const out = flags.out === '-' ? undefined : flags.out;
    const { refuseOwnPaths } = await import('../own-files.js');
    refuseOwnPaths(ctx, [
      { flag: '--state', path: flags.state },
      { flag: '--out', path: out },
    ]);
    const { runLeadsExport } = await import('../../jobs/leads/export.js');
    return stream(async (stdout) => {
      const summary = await runLeadsExport(
        { statePath: flags.state, formatter, out, since, lockedWindowMs: flags.lockedWindow },
        {
          api: ctx.api,
          baseUrl: async () => (await ctx.settings()).baseUrl,
          stdout: stdout.stream,
          stdoutFd: stdout.fd,
          now: ctx.now,
          signal: ctx.interruptible(),
        },
      );
      await sayExported(ctx, summary, { state: flags.state, given: flags.out, out });
    });
  },
});

/** The run's words on stderr: skipped and re-exported leads, locks taken over, the summary line. */
async function sayExported(
  ctx: Context,
  summary: ExportSummary,
  files: { state: string; given?: string; out?: string },
): Promise<void> {
  if (summary.skippedLocked) {
    const { skippedLine } = await import('../../output/leads/files.js');
    ctx.msg.say(skippedLine(summary.skippedLocked, true));
  }
  if (summary.outTornBytes && files.given) {
    const { tornTailNote } = await import('../torn-tail.js');
    ctx.msg.say(tornTailNote(files.given, summary.outTornBytes));
  }
  for (const t of [summary.tookOverLock, summary.tookOverOutLock]) {
    if (t)
      ctx.msg.note(`took over a stale lock left by pid ${t.pid} (started ${t.startedAt}), which is no longer running`);
  }
  for (const d of summary.droppedLocked) {
    ctx.msg.note(
      d.why === 'expired'
        ? `lead ${d.id} is still locked since ${d.firstSeen} (past --locked-window): no longer re-read`
        : `lead ${d.id} exported while locked is no longer there (404): no longer re-read`,
    );
  }
  if (summary.unlocked.length) {
    const n = summary.unlocked.length;
    ctx.msg.info(
      `${n} lead${n === 1 ? '' : 's'} exported earlier while locked now ${n === 1 ? 'has its' : 'have their'} contact and ${n === 1 ? 'was' : 'were'} exported again: ${summary.unlocked.join(', ')}`,
    );
  }
  const where = files.out ? ` to ${files.out}` : '';
  const span = summary.exported ? ` (created ${summary.oldest} to ${summary.newest})` : '';
  const written = summary.exported - (summary.skippedLocked ?? 0);
  const what = summary.exported ? `${written} lead${written === 1 ? '' : 's'} exported${where}${span}` : 'no new leads';
  ctx.msg.info(`${what}; state updated: ${files.state}`);
}

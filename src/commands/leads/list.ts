import { Command, Option } from 'commander';
import { action } from '../action.js';
import { UsageError } from '../../errors.js';
import { CRM_NONE, CRM_STATUSES, crmStatusFlag, crmStatusOf } from './crm.js';
import type { LeadFileFlags } from '../../output/leads/files.js';
import { example, withFields } from '../../help/annotations.js';
import { withListOptions, type ListFlags } from '../flags.js';
import { LEAD_SOURCES, parseSince, PRESET_HELP, VCARD_HELP, withSinceOptions, type LeadSourceFlag } from './options.js';

interface LeadsListFlags extends ListFlags, LeadFileFlags {
  card?: string;
  source?: LeadSourceFlag;
  since?: string;
  tz?: string;
  includeArchived?: boolean;
  crmStatus?: string[];
}

export function leadsListCommand(): Command {
  const cmd = withListOptions(
    withSinceOptions(
      new Command('list')
        .alias('ls')
        .description('List leads collected on cards and pages, newest first')
        .option('--card <card-id>', 'only leads on this card or page')
        .addOption(new Option('--source <source>', 'only leads from this source').choices(LEAD_SOURCES))
        .option('--include-archived', 'include archived leads (default: left out)')
        .option(
          '--crm-status <s,…>',
          `only leads with this CRM (HubSpot) status, comma-separated: ${CRM_STATUSES.join(', ')}, or ${CRM_NONE} (the form does not send to the CRM); reads every page`,
          crmStatusFlag,
        )
        .option('--preset <crm>', PRESET_HELP)
        .option('--vcard-version <version>', VCARD_HELP),
      'only leads created at or after',
    ),
  ).action(
    action(async (ctx, flags: LeadsListFlags) => {
      const since = parseSince(ctx.now(), flags, ctx.env);
      if (flags.crmStatus && (flags.limit !== undefined || flags.offset !== undefined))
        throw new UsageError('--crm-status filters every lead (all pages): drop --limit and --offset');
      const { leadFileKind, leadsView, skippedLine } = await import('../../output/leads/files.js');
      const kind = await leadFileKind(flags, ctx.globals);
      const [{ listLeads }, { renderList }] = await Promise.all([
        import('../../api/leads.js'),
        import('../../output/render.js'),
      ]);
      const list = listLeads(
        await ctx.api(),
        { cardId: flags.card, source: flags.source, since, includeArchived: flags.includeArchived || undefined },
        { limit: flags.limit, offset: flags.offset, all: flags.all || Boolean(flags.crmStatus) },
      );
      // The API has no filter on the CRM status: every page is read and filtered here.
      const wanted = flags.crmStatus ? new Set(flags.crmStatus) : undefined;
      const items = wanted
        ? (async function* () {
            for await (const lead of list) if (wanted.has(crmStatusOf(lead))) yield lead;
          })()
        : list;
      const s = ctx.output({ allowVcf: true });
      // CSV rows use the export's documented columns (leadView.csvRow: contact split, answers in one cell);
      // -o vcf and --preset print the lead file instead.
      const { view, skipped } = await leadsView(kind, s);
      await renderList(items, view, s, ctx, () => list.hint());
      if (skipped()) ctx.msg.say(skippedLine(skipped()));
    }),
  );
  withFields(cmd, () => import('../../api/schemas/leads.js').then((m) => m.Lead));
  return example(
    cmd,
    'cardqr leads list --source form --since 2026-05-01T00:00:00Z',
    'cardqr leads list --since 7d',
    'cardqr leads list --since 2026-05-01 --tz Europe/Paris',
    'cardqr leads list --card crd_123 --all -o csv > leads.csv',
    'cardqr leads list --all --preset hubspot > hubspot-contacts.csv',
    'cardqr leads list --all -o vcf > leads.vcf',
    'cardqr leads list --crm-status failed,held_plan,expired',
  );
}

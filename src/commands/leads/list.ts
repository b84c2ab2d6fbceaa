import { UsageError } from '../../errors.js';
import { listFlags } from '../common-flags.js';
import { defineCommand } from '../model/define.js';
import { choice, flag, value } from '../model/fields.js';
import { list } from '../model/result.js';
import { CRM_NONE, CRM_STATUSES, crmStatusFlag, crmStatusOf } from './crm.js';
import { leadFields, leadFileList, leadView } from './lead-output.js';
import { LEAD_SOURCES, leadFileFlags, parseSince, sinceFlags } from './options.js';

export const leadsList = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: 'List leads collected on cards and pages, newest first',
  flags: {
    card: value('--card <card-id>', 'only leads on this card or page'),
    source: choice('--source <source>', 'only leads from this source', LEAD_SOURCES),
    includeArchived: flag('--include-archived', 'include archived leads (default: left out)'),
    crmStatus: value(
      '--crm-status <s,…>',
      `only leads with this CRM (HubSpot) status, comma-separated: ${CRM_STATUSES.join(', ')}, or ${CRM_NONE} (the form does not send to the CRM); reads every page`,
      crmStatusFlag,
    ),
    ...leadFileFlags,
    ...sinceFlags('only leads created at or after'),
    ...listFlags(),
  },
  examples: [
    'cardqr leads list --source form --since 2026-05-01T00:00:00Z',
    'cardqr leads list --since 7d',
    'cardqr leads list --since 2026-05-01 --tz Europe/Paris',
    'cardqr leads list --card crd_123 --all -o csv > leads.csv',
    'cardqr leads list --all --preset hubspot > hubspot-contacts.csv',
    'cardqr leads list --all -o vcf > leads.vcf',
    'cardqr leads list --crm-status failed,held_plan,expired',
  ],
  fields: leadFields,
  // CSV rows use the export's documented columns (leadView.csvRow: contact split, answers in one cell).
  view: leadView,
  allowVcf: true,
  check(flags) {
    if (flags.crmStatus && (flags.limit !== undefined || flags.offset !== undefined))
      throw new UsageError('--crm-status filters every lead (all pages): drop --limit and --offset');
  },
  async run(ctx, flags) {
    const since = parseSince(ctx.now(), flags, ctx.env);
    const { leadFileKind } = await import('../../output/leads/files.js');
    const kind = await leadFileKind(flags, ctx.globals);
    const { listLeads } = await import('../../api/leads.js');
    const leads = listLeads(
      await ctx.api(),
      { cardId: flags.card, source: flags.source, since, includeArchived: flags.includeArchived || undefined },
      { limit: flags.limit, offset: flags.offset, all: flags.all || Boolean(flags.crmStatus) },
    );
    // The API has no filter on the CRM status: every page is read and filtered here.
    const wanted = flags.crmStatus ? new Set(flags.crmStatus) : undefined;
    const items = wanted
      ? (async function* () {
          for await (const lead of leads) if (wanted.has(crmStatusOf(lead))) yield lead;
        })()
      : leads;
    // -o vcf and --preset print the lead file instead.
    return kind ? leadFileList(ctx, kind, items) : list(items);
  },
});

import { Command } from 'commander';
import { action } from '../action.js';
import { example, withFields } from '../../help/annotations.js';
import { CRM_NONE, CRM_STATUSES, crmStatusOf, needsAttention } from './crm.js';
import { parseSince, withSinceOptions } from './options.js';

interface CrmReportFlags {
  since?: string;
  tz?: string;
  includeArchived?: boolean;
}

export function leadsCrmReportCommand(): Command {
  const cmd = withSinceOptions(
    new Command('crm-report')
      .description('Count leads by CRM (HubSpot) delivery status and list the ones that need a person')
      .option('--include-archived', 'include archived leads (default: left out)'),
    'only leads created at or after',
  )
    .addHelpText(
      'after',
      `
Reads every lead (all pages). Statuses: ${CRM_STATUSES.join(', ')}; others the API adds later are
counted as they come; ${CRM_NONE} = the lead's form does not send to the CRM. Failed, held_* and expired
leads are listed with their error and card. -o json gives the report as data.`,
    )
    .action(
      action(async (ctx, flags: CrmReportFlags) => {
        const since = parseSince(ctx.now(), flags, ctx.env);
        const s = ctx.output();
        const [{ listLeadsRaw }, { renderRecord }, { crmReportView }] = await Promise.all([
          import('../../api/leads.js'),
          import('../../output/render.js'),
          import('../../output/views/crm-report.js'),
        ]);
        const counts = new Map<string, number>();
        const needs: import('../../output/views/crm-report.js').CrmAttention[] = [];
        let total = 0;
        const list = listLeadsRaw(
          await ctx.api(),
          { since, includeArchived: flags.includeArchived || undefined },
          { all: true },
        );
        for await (const lead of list) {
          total++;
          const status = crmStatusOf(lead);
          counts.set(status, (counts.get(status) ?? 0) + 1);
          if (needsAttention(status)) {
            const h = lead.hubspot as { error?: unknown };
            needs.push({
              id: lead.id,
              createdAt: lead.createdAt,
              status,
              error: h.error ?? null,
              cardId: lead.cardId,
              cardName: lead.cardName,
            });
          }
        }
        const byStatus: Record<string, number> = {};
        for (const st of CRM_STATUSES) byStatus[st] = counts.get(st) ?? 0;
        for (const [st, n] of counts) if (st !== CRM_NONE && !(st in byStatus)) byStatus[st] = n;
        byStatus[CRM_NONE] = counts.get(CRM_NONE) ?? 0;
        const report = { object: 'crm_report' as const, total, byStatus, needsAttention: needs };
        await renderRecord(report, crmReportView(report), s, ctx);
      }),
    );
  withFields(cmd, () => import('../../api/schemas/leads.js').then((m) => m.Lead));
  return example(cmd, 'cardqr leads crm-report', 'cardqr leads crm-report --since 30d -o json | jq .needsAttention');
}

import type { CrmAttention } from '../../output/views/crm-report.js';
import { defineCommand } from '../model/define.js';
import { flag } from '../model/fields.js';
import { record } from '../model/result.js';
import { CRM_NONE, CRM_STATUSES, crmStatusOf, needsAttention } from './crm.js';
import { leadFields } from './lead-output.js';
import { parseSince, sinceFlags } from './options.js';

export const leadsCrmReport = defineCommand({
  name: 'crm-report',
  summary: 'Count leads by CRM (HubSpot) delivery status and list the ones that need a person',
  flags: {
    includeArchived: flag('--include-archived', 'include archived leads (default: left out)'),
    ...sinceFlags('only leads created at or after'),
  },
  details: `
Reads every lead (all pages). Statuses: ${CRM_STATUSES.join(', ')}; others the API adds later are
counted as they come; ${CRM_NONE} = the lead's form does not send to the CRM. Failed, held_* and expired
leads are listed with their error and card. -o json gives the report as data.`,
  examples: ['cardqr leads crm-report', 'cardqr leads crm-report --since 30d -o json | jq .needsAttention'],
  fields: leadFields,
  async run(ctx, flags) {
    const since = parseSince(ctx.now(), flags, ctx.env);
    ctx.output(); // before the requests: a refused format (-o vcf) sends nothing
    const [{ listLeadsRaw }, { crmReportView }] = await Promise.all([
      import('../../api/leads.js'),
      import('../../output/views/crm-report.js'),
    ]);
    const counts = new Map<string, number>();
    const needs: CrmAttention[] = [];
    let total = 0;
    const leads = listLeadsRaw(
      await ctx.api(),
      { since, includeArchived: flags.includeArchived || undefined },
      { all: true },
    );
    for await (const lead of leads) {
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
    return record(report, crmReportView(report));
  },
});

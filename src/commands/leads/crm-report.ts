import { defineCommand } from '../model/define.js';
import { flag } from '../model/fields.js';
import { record } from '../model/result.js';
import { CRM_NONE, CRM_STATUSES } from './crm.js';
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
    const [{ crmReport }, { crmReportView }] = await Promise.all([
      import('../../jobs/leads/crm-report.js'),
      import('../../output/views/crm-report.js'),
    ]);
    const report = await crmReport(await ctx.api(), { since, includeArchived: flags.includeArchived });
    return record(report, crmReportView(report));
  },
});

import { checkId } from '../../api/ids.js';
import { defineCommand } from '../model/define.js';
import { argument } from '../model/fields.js';
import { record } from '../model/result.js';
import { leadFields, leadFileList, leadView } from './lead-output.js';
import { leadFileFlags } from './options.js';

export const leadsGet = defineCommand({
  name: 'get',
  summary: 'Show one lead with every answer: contact, source, card, consent and CRM status',
  args: { leadId: argument('<lead-id>', 'lead id') },
  flags: { vcardVersion: leadFileFlags.vcardVersion },
  examples: [
    'cardqr leads get lead_123',
    'cardqr leads get lead_123 -o json | jq .answers',
    'cardqr leads get lead_123 -o vcf > lead.vcf',
  ],
  fields: leadFields,
  // A table is followed by the answers (leadView's sections).
  view: leadView,
  allowVcf: true,
  async run(ctx, { leadId, ...flags }) {
    checkId(leadId);
    const { leadFileKind } = await import('../../output/leads/files.js');
    const kind = await leadFileKind(flags, ctx.globals);
    const { getLead } = await import('../../api/leads.js');
    const lead = await getLead(await ctx.api(), leadId);
    // -o vcf prints the lead file: one lead's.
    return kind ? leadFileList(ctx, kind, [lead]) : record(lead);
  },
});

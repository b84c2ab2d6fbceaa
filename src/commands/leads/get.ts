import { checkId } from '../../api/ids.js';
import { Command } from 'commander';
import { action } from '../action.js';
import type { LeadFileFlags } from '../../output/leads/files.js';
import { example, withFields } from '../../help/annotations.js';
import { VCARD_HELP } from './options.js';

export function leadsGetCommand(): Command {
  const cmd = new Command('get')
    .description('Show one lead with every answer: contact, source, card, consent and CRM status')
    .argument('<lead-id>', 'lead id')
    .option('--vcard-version <version>', VCARD_HELP)
    .action(
      action(async (ctx, id: string, flags: LeadFileFlags) => {
        checkId(id);
        const { leadFileKind, leadsView, skippedLine } = await import('../../output/leads/files.js');
        const kind = await leadFileKind(flags, ctx.globals);
        const [{ getLead }, { renderRecord }] = await Promise.all([
          import('../../api/leads.js'),
          import('../../output/render.js'),
        ]);
        const lead = await getLead(await ctx.api(), id);
        const s = ctx.output({ allowVcf: true });
        // A table is followed by the answers (leadView's sections); -o vcf and --preset print the lead file.
        const { view, skipped } = await leadsView(kind, s);
        await renderRecord(lead, view, s, ctx);
        if (skipped()) ctx.msg.say(skippedLine(skipped()));
      }),
    );
  withFields(cmd, () => import('../../api/schemas/leads.js').then((m) => m.Lead));
  return example(
    cmd,
    'cardqr leads get lead_123',
    'cardqr leads get lead_123 -o json | jq .answers',
    'cardqr leads get lead_123 -o vcf > lead.vcf',
  );
}

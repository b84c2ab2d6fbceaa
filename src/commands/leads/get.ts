import { Command } from 'commander';
import { action } from '../action.js';
import { csvSettingsFrom } from '../../output/csv.js';
import { write } from '../../io.js';
import { example } from '../shared.js';
import { leadFileKind, VCARD_HELP, type LeadFileFlags } from './options.js';

export function leadsGetCommand(): Command {
  const cmd = new Command('get')
    .description('Show one lead with every answer: contact, source, card, consent and CRM status')
    .argument('<lead-id>', 'lead id')
    .option('--vcard-version <version>', VCARD_HELP)
    .action(action(async (ctx, id: string, flags: LeadFileFlags) => {
      const kind = await leadFileKind(flags, ctx.globals);
      if (kind) {
        const [{ getLead }, { leadFile, skippedLine }] = await Promise.all([import('../../api/leads.js'), import('../../output/lead-files.js')]);
        const lead = await getLead(await ctx.api(), id);
        const file = await leadFile(kind, csvSettingsFrom(ctx.globals));
        await write(ctx.io.stdout, file.header() + file.item(lead));
        if (file.skipped) ctx.msg.say(skippedLine(file.skipped));
        return;
      }
      const [{ getLead }, { renderRecord, table }, { leadView, answerColumns }] = await Promise.all([
        import('../../api/leads.js'),
        import('../../output/render.js'),
        import('../../output/views/leads.js'),
      ]);
      const lead = await getLead(await ctx.api(), id);
      const s = ctx.output();
      await renderRecord(lead, leadView, s, ctx.io);
      if (s.format !== 'table' || s.quiet || s.fields) return;
      const answers = lead.answers ?? [];
      await write(ctx.io.stdout, answers.length ? `\nAnswers\n${await table(answerColumns, answers, s)}` : '\nAnswers: none\n');
    }));
  return example(cmd, 'cardqr leads get lead_123', 'cardqr leads get lead_123 -o json | jq .answers', 'cardqr leads get lead_123 -o vcf > lead.vcf');
}

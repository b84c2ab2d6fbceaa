import { checkId } from '../../api/ids.js';
import { Command } from 'commander';
import { action } from '../action.js';
import { campaignBodyProblem } from '../../api/rules.js';
import { CliError, EXIT, UsageError } from '../../errors.js';
import { example, withFields } from '../../help/annotations.js';
import { readJsonObject } from '../json-data.js';
import { safeLine } from '../../output/sanitize.js';

export function campaignsTestCommand(): Command {
  const cmd = new Command('test')
    .description(
      'Dry run: show how the campaign would turn a record into a card, creating nothing (exit 0 when it would be accepted, 5 otherwise)',
    )
    .argument('<campaign-id>', 'campaign id, e.g. cmp_123')
    .requiredOption('--data <json>', 'the record: @file.json, - for standard input, or inline JSON')
    .action(
      action(async (ctx, id: string, flags: { data: string }) => {
        checkId(id);
        const body = await readJsonObject(flags.data, ctx);
        const problem = campaignBodyProblem(body);
        if (problem) throw new UsageError(`--data: ${problem}`);
        const [{ testCampaignCard }, { renderRecord }, { dryRunView, problemText }] = await Promise.all([
          import('../../api/campaigns.js'),
          import('../../output/render.js'),
          import('../../output/views/campaigns.js'),
        ]);
        const result = await testCampaignCard(await ctx.api(), id, body);
        await renderRecord(result, dryRunView, ctx.output(), ctx);
        for (const w of result.warnings) ctx.msg.warn(safeLine(problemText(w)));
        if (!result.ok) {
          const lines = result.errors.length ? result.errors.map(problemText) : ['(the service gave no reason)'];
          throw new CliError(
            `the campaign would refuse this record (${lines.length} problem${lines.length === 1 ? '' : 's'}):`,
            EXIT.rejected,
            lines,
          );
        }
      }),
    );
  withFields(cmd, () => import('../../api/schemas/campaigns.js').then((m) => m.DryRun));
  return example(
    cmd,
    'cardqr campaigns test cmp_123 --data @record.json',
    'cardqr campaigns schema cmp_123 -o json | jq .sample | cardqr campaigns test cmp_123 --data -',
  );
}

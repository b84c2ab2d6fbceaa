import { checkId } from '../../api/ids.js';
import { campaignBodyProblem } from '../../api/rules.js';
import { CliError, EXIT, UsageError } from '../../errors.js';
import { readJsonObject } from '../json-data.js';
import { safeLine } from '../../output/sanitize.js';
import { defineCommand } from '../model/define.js';
import { argument, required } from '../model/fields.js';
import { record, thenFail } from '../model/result.js';

export const campaignsTest = defineCommand({
  name: 'test',
  summary:
    'Dry run: show how the campaign would turn a record into a card, creating nothing (exit 0 when it would be accepted, 5 otherwise)',
  args: { id: argument('<campaign-id>', 'campaign id, e.g. cmp_123') },
  flags: { data: required('--data <json>', 'the record: @file.json, - for standard input, or inline JSON') },
  fields: { schema: () => import('../../api/schemas/campaigns.js').then((m) => m.DryRun) },
  view: async () => (await import('../../output/views/campaigns.js')).dryRunView,
  examples: [
    'cardqr campaigns test cmp_123 --data @record.json',
    'cardqr campaigns schema cmp_123 -o json | jq .sample | cardqr campaigns test cmp_123 --data -',
  ],
  async run(ctx, { id, data }) {
    checkId(id);
    const body = await readJsonObject(data, ctx);
    const problem = campaignBodyProblem(body);
    if (problem) throw new UsageError(`--data: ${problem}`);
    const [{ testCampaignCard }, { problemText }] = await Promise.all([
      import('../../api/campaigns.js'),
      import('../../output/views/campaigns.js'),
    ]);
    const result = await testCampaignCard(await ctx.api(), id, body);
    for (const w of result.warnings) ctx.msg.warn(safeLine(problemText(w)));
    if (result.ok) return record(result);
    const lines = result.errors.length ? result.errors.map(problemText) : ['(the service gave no reason)'];
    return thenFail(
      record(result),
      new CliError(
        `the campaign would refuse this record (${lines.length} problem${lines.length === 1 ? '' : 's'}):`,
        EXIT.rejected,
        lines,
      ),
    );
  },
});

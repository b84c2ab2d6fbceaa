// What the lead commands print: a lead (its view), the --fields catalogue of a lead, and a lead file
// (--preset, -o vcf) in place of every other format.
import type { Context } from '../../context.js';
import type { LeadFileKind } from '../../output/leads/files.js';
import { list, type Result } from '../model/result.js';

export const leadFields = { schema: () => import('../../api/schemas/leads.js').then((m) => m.Lead) };

export const leadView = async () => (await import('../../output/views/leads.js')).leadView;

/**
 * `leads` as the lead file `kind` (a CRM preset's CSV, vCards); once the last is printed, how many
 * locked leads it left out, on stderr.
 */
export async function leadFileList(
  ctx: Context,
  kind: LeadFileKind,
  leads: AsyncIterable<unknown> | Iterable<unknown>,
): Promise<Result> {
  const { leadsView, skippedLine } = await import('../../output/leads/files.js');
  const { view, skipped } = await leadsView(kind, ctx.output({ allowVcf: true }));
  async function* thenSkipped() {
    yield* leads;
    if (skipped()) ctx.msg.say(skippedLine(skipped()));
  }
  return list(thenSkipped(), view);
}

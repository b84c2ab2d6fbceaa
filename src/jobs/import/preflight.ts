// Before the file is checked row by row: GET /me (pace), the campaign (it must accept API requests)
// and its schema; for a mapped campaign without --id-column, each row's identifier from the dry run.
import { sendEach, type Sent } from '../rows/loop.js';
import type { ApiClient } from '../../api/client.js';
import type { CampaignSchema } from '../../api/schemas/campaigns.js';
import { ApiError, CliError, EXIT } from '../../errors.js';
import type { CsvRecord } from '../../csv/read-records.js';
import type { ImportPlan } from './columns.js';
import { buildBody } from './validate.js';
import type { CheckOptions, ImportNotice } from './types.js';

/** `validating`: --validate-only (no GET /me; a closed campaign is a warning, not a stop). */
export async function preflight(
  client: ApiClient,
  opts: CheckOptions,
  validating: boolean,
  notice: (n: ImportNotice) => void,
): Promise<{ schema: CampaignSchema; accountId?: string }> {
  const { getCampaign, getCampaignSchema } = await import('../../api/campaigns.js');
  // Paced to the key's limit, or --rate when lower.
  const accountId = validating ? undefined : (await client.paceToKey({ cap: opts.rate })).me.account.id;
  const campaign = await getCampaign(client, opts.campaignId);
  if (campaign.status !== 'active' || !campaign.apiEnabled) {
    const why = campaign.status !== 'active' ? `is ${campaign.status}` : 'has its API switch off';
    const message = `campaign ${campaign.id} (${campaign.name}) ${why}: it does not accept API requests (campaign_api_disabled)`;
    if (!validating)
      throw new CliError(message, EXIT.auth, [
        'activate the campaign and turn its API switch on in the dashboard, then run this again',
      ]);
    notice({ kind: 'campaign-closed', message });
  }
  try {
    const schema = await getCampaignSchema(client, opts.campaignId);
    if (schema.stale) notice({ kind: 'schema-stale' });
    return { schema, accountId };
  } catch (e) {
    // The spec lists no 409 for the schema; a never-configured campaign may answer 403 campaign_api_disabled
    // although it is active with its switch on (checked above): the same advice applies.
    if (e instanceof ApiError && (e.code === 'api_not_configured' || e.code === 'campaign_api_disabled')) {
      throw new CliError(
        `campaign ${campaign.id} (${campaign.name}) has never had an API configuration activated (${e.code})`,
        EXIT.rejected,
        ['configure and activate its API mapping in the dashboard (Campaign → API), then run this again'],
      );
    }
    throw e;
  }
}

/**
 * Mapped campaign without --id-column: the schema does not name the identifier's path, so each row is
 * sent once to the dry run (creates nothing) and its `externalId` kept by line, before validation checks
 * them (present, at most 128 characters, unique in the file). One extra request per row, paced like
 * the import: --id-column skips it.
 */
export async function resolveIds(
  client: ApiClient,
  plan: ImportPlan,
  opts: CheckOptions,
  validating: boolean,
  rows: () => AsyncGenerator<CsvRecord>,
  notice: (n: ImportNotice) => void,
): Promise<void> {
  const { testCampaignCard } = await import('../../api/campaigns.js');
  if (validating) await client.paceToKey({ cap: opts.rate });
  plan.resolved = new Map();
  plan.idLabel = 'the identifier the dry run resolved';
  notice({ kind: 'resolving-ids', campaignId: opts.campaignId });
  const upTo = async function* (max: number) {
    let n = 0;
    for await (const rec of rows()) {
      if (++n > max) return;
      yield rec;
    }
  };
  await sendEach(
    upTo(opts.maxRows ?? Infinity),
    async (rec): Promise<Sent<[number, string | null]>> => {
      const r = await testCampaignCard(client, opts.campaignId, buildBody(plan, rec.cells));
      return { row: [rec.line, typeof r.externalId === 'string' && r.externalId !== '' ? r.externalId : null] };
    },
    ([line, id]) => plan.resolved!.set(line, id),
    { concurrency: 1 },
  );
}

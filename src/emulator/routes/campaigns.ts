// Campaign ingestion: list/get/schema (cards:read), dry run and create (cards:write). A campaign-scoped
// key sees only its own campaign. Mapping and checks live in ../campaigns/.
import { createCardRecord } from '../card-factory.js';
import { buildSchema } from '../campaigns/schema.js';
import { dottedFields, evaluate, type Evaluation } from '../campaigns/evaluate.js';
import { created, EmuError, notFound, ok } from '../http.js';
import type { CampaignApiConfig, CampaignRecord, TemplateRecord } from '../model.js';
import { paginate, parsePage } from '../query.js';
import type { RouteContext, RouteDef } from '../routing.js';
import { serializeCampaign, serializeCard } from '../serialize.js';
import { newestFirst } from './cards.js';

function campaignOr404(ctx: RouteContext): CampaignRecord {
  const campaign = ctx.store.campaign(ctx.account.id, ctx.params.campaignId);
  if (!campaign) throw notFound('Campaign');
  return campaign;
}

function configured(
  ctx: RouteContext,
  campaign: CampaignRecord,
): { config: CampaignApiConfig; template: TemplateRecord } {
  if (!campaign.api) {
    throw new EmuError(
      409,
      'conflict',
      'api_not_configured',
      `Campaign ${campaign.id} has never had an API configuration activated. Activate one in the dashboard.`,
    );
  }
  const template = ctx.store.template(ctx.account.id, campaign.templateId);
  if (!template) throw notFound('Template');
  return { config: campaign.api, template };
}

/** Dry run and create: the campaign must be active with its API switch on, configured, and the body an object. */
function ingestion(ctx: RouteContext): Evaluation & { campaign: CampaignRecord } {
  const campaign = campaignOr404(ctx);
  if (campaign.status !== 'active' || !campaign.apiEnabled) {
    const why = campaign.status !== 'active' ? `is ${campaign.status}` : 'has its API switch off';
    throw new EmuError(
      403,
      'permission_error',
      'campaign_api_disabled',
      `Campaign ${campaign.id} ${why}; it does not accept API requests.`,
    );
  }
  const { config, template } = configured(ctx, campaign);
  if (ctx.body === undefined)
    throw new EmuError(400, 'invalid_request', 'invalid_json', 'The request body is empty; send one JSON object.');
  if (ctx.body === null || typeof ctx.body !== 'object' || Array.isArray(ctx.body)) {
    throw new EmuError(
      400,
      'invalid_request',
      'invalid_json_structure',
      'The request body must be one JSON object (one card per request).',
    );
  }
  const body = ctx.body as Record<string, unknown>;
  return { campaign, ...evaluate({ store: ctx.store, account: ctx.account, campaign, config, template, body }) };
}

function createCard(ctx: RouteContext) {
  const ev = ingestion(ctx);
  const first = ev.problems[0];
  if (first) throw new EmuError(first.status, first.type, first.code, first.message, first.details);
  const card = createCardRecord(
    {
      fields: ev.rawFields,
      name: ev.name,
      templateId: ev.campaign.templateId,
      shortCode: ev.shortCode ?? undefined,
      externalId: ev.externalId,
      campaignId: ev.campaign.id,
    },
    { store: ctx.store, account: ctx.account, now: ctx.nowIso() },
  );
  return created(serializeCard(ctx.store, card));
}

function dryRun(ctx: RouteContext) {
  const ev = ingestion(ctx);
  const errors = ev.problems.flatMap((p) =>
    p.details?.length
      ? p.details.map(({ code, ...d }) => ({
          ...d,
          code: p.code,
          message: String(d.message ?? d.reason ?? p.message),
          ...(code && !d.reason ? { reason: code } : {}),
        }))
      : [{ code: p.code, message: p.message }],
  );
  return ok({
    object: 'dry_run',
    ok: errors.length === 0,
    externalId: ev.externalId ?? '', // typed string in the spec: empty when no identifier was found
    resolvedFields: dottedFields(ev.fields),
    unmappedPaths: ev.unmappedPaths,
    shortCode: ev.shortCode,
    warnings: ev.warnings,
    errors,
  });
}

const ingest: Pick<RouteDef, 'scopes' | 'campaign' | 'malformedJson' | 'tooLargeCode'> = {
  scopes: ['cards:write'],
  campaign: 'own',
  malformedJson: 'invalid_json',
  tooLargeCode: 'payload_too_large',
};

export const routes: RouteDef[] = [
  {
    method: 'GET',
    path: '/campaigns',
    scopes: ['cards:read'],
    campaign: 'allow',
    handler: (ctx) => {
      const page = parsePage(ctx.query, 20);
      const mine = ctx.store.campaigns.filter(
        (c) => c.accountId === ctx.account.id && (!ctx.key.campaignId || c.id === ctx.key.campaignId),
      );
      return ok(paginate(newestFirst(mine), page, serializeCampaign));
    },
  },
  {
    method: 'GET',
    path: '/campaigns/:campaignId',
    scopes: ['cards:read'],
    campaign: 'own',
    handler: (ctx) => ok(serializeCampaign(campaignOr404(ctx))),
  },
  {
    method: 'GET',
    path: '/campaigns/:campaignId/schema',
    scopes: ['cards:read'],
    campaign: 'own',
    handler: (ctx) => {
      // The spec lists 200, 404 and 403 for the schema (no 409): a campaign never configured has no
      // payload shape to describe, and answers 403 campaign_api_disabled (its API cannot be used).
      const campaign = campaignOr404(ctx);
      if (!campaign.api) {
        throw new EmuError(
          403,
          'permission_error',
          'campaign_api_disabled',
          `Campaign ${campaign.id} has never had an API configuration activated; it has no payload schema.`,
        );
      }
      const { config, template } = configured(ctx, campaign);
      return ok(buildSchema(ctx.store, campaign, config, template));
    },
  },
  { method: 'POST', path: '/campaigns/:campaignId/cards/test', ...ingest, handler: dryRun },
  { method: 'POST', path: '/campaigns/:campaignId/cards', ...ingest, requestId: true, handler: createCard },
];

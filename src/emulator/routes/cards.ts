// Cards: POST/GET /cards, GET/PATCH/DELETE /cards/:id, GET /cards/:id/wallet. Account-wide keys only.
import { z } from 'zod';
import { createCardRecord, templateFor, type CardInput } from '../card-factory.js';
import { knownFieldKeys, personName, SCALAR_FIELD_KEYS, validateCardFields } from '../card-fields.js';
import { created, noContent, notFound, ok, validationFailed, type ErrorDetail } from '../http.js';
import { STATUSES, type CardRecord } from '../model.js';
import { visibility } from '../public.js';
import { bodyDetails, paginate, parseEnumParam, parsePage, queryProblem, throwIfProblems } from '../query.js';
import type { RouteContext, RouteDef } from '../routing.js';
import { cardUrls, serializeCard } from '../serialize.js';

// Top-level types only; unknown top-level keys are dropped without an error (as the real service does).
const CreateBody = z.looseObject({
  fields: z.unknown().optional(),
  name: z.string().optional(),
  templateId: z.string().nullable().optional(),
  shortCode: z.string().optional(),
  status: z.enum(['draft', 'published']).optional(),
});

const PatchBody = z.strictObject({
  fields: z.record(z.string(), z.unknown()),
  templateId: z.string().nullable().optional(),
});

const asObject = (body: unknown): unknown => (body === undefined ? {} : body);

function cardOr404(ctx: RouteContext): CardRecord {
  const card = ctx.store.card(ctx.account.id, ctx.params.id);
  if (!card) throw notFound('Card');
  return card;
}

function createCard(ctx: RouteContext) {
  const parsed = CreateBody.safeParse(asObject(ctx.body));
  if (!parsed.success) {
    // Report the fields' problems too, so every problem comes back at once.
    const problems: ErrorDetail[] = bodyDetails(parsed.error);
    const raw = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>).fields : undefined;
    problems.push(...validateCardFields(raw).problems.filter((p) => p.field));
    throw validationFailed(problems, 'The request body is invalid.');
  }
  const input: CardInput = {
    fields: parsed.data.fields,
    name: parsed.data.name,
    templateId: parsed.data.templateId,
    shortCode: parsed.data.shortCode,
    status: parsed.data.status,
  };
  const card = createCardRecord(input, { store: ctx.store, account: ctx.account, now: ctx.nowIso() });
  return created(serializeCard(ctx.store, card));
}

/** Newest first; equal timestamps keep the later-created card first. */
export function newestFirst<T extends { createdAt: string }>(items: T[]): T[] {
  return items.map((item, i) => ({ item, i }))
    .sort((a, b) => b.item.createdAt.localeCompare(a.item.createdAt) || b.i - a.i)
    .map((x) => x.item);
}

function listCards(ctx: RouteContext) {
  const problems: ErrorDetail[] = [];
  const page = parsePage(ctx.query, 25, problems);
  const status = parseEnumParam(ctx.query, 'status', STATUSES, problems);
  const search = ctx.query.search;
  if (search !== undefined && search.length > 200) {
    problems.push(queryProblem(['search'], 'String must contain at most 200 character(s)', 'too_big'));
  }
  throwIfProblems(problems);
  const needle = search?.toLowerCase();
  const templateId = ctx.query.templateId;
  const items = ctx.store.cardsOf(ctx.account.id).filter((c) =>
    (status ? c.status === status : c.status !== 'archived')
    && (!templateId || c.templateId === templateId)
    && (!needle || c.name.toLowerCase().includes(needle)));
  return ok(paginate(newestFirst(items), page, (c) => serializeCard(ctx.store, c)));
}

/**
 * PATCH: `fields` is the complete data. Scalar fields left out are cleared; rich sections left out are
 * kept; a section set to null is cleared. Template rules apply (prefilled values only when the patch links
 * a different template). The name follows the person's name; status and short code never change here.
 */
function patchCard(ctx: RouteContext) {
  const card = cardOr404(ctx);
  const parsed = PatchBody.safeParse(ctx.body);
  if (!parsed.success) throw validationFailed(bodyDetails(parsed.error), 'The request body is invalid.');
  const { fields: given, templateId } = parsed.data;
  const template = templateFor(ctx.store, ctx.account, templateId === undefined ? card.templateId : templateId);
  const scalars = new Set<string>(SCALAR_FIELD_KEYS);
  const merged: Record<string, unknown> = {};
  const written = new Set<string>();
  for (const key of knownFieldKeys(template)) {
    if (key in given) {
      written.add(key);
      if (given[key] !== null) merged[key] = given[key];
    } else if (!scalars.has(key) && card.fields[key] !== undefined) {
      merged[key] = card.fields[key];
    }
  }
  const relinked = templateId !== undefined && templateId !== card.templateId;
  const { fields, problems } = validateCardFields(merged, template, { applyPrefilled: relinked, written });
  if (problems.length) throw validationFailed(problems, 'The card is invalid.');
  card.fields = fields;
  card.templateId = template?.id ?? null;
  card.name = personName(fields) ?? card.name;
  card.updatedAt = ctx.nowIso();
  return ok(serializeCard(ctx.store, card));
}

function deleteCard(ctx: RouteContext) {
  ctx.store.trashCard(cardOr404(ctx));
  return noContent();
}

/** Wallet passes: issued for a card whose page opens and that names a person; install counts follow scans. */
function walletLinks(ctx: RouteContext) {
  const card = cardOr404(ctx);
  const { url } = cardUrls(ctx.store, card);
  const vis = visibility(card);
  const enabled = vis === 'open' || vis === 'preview';
  const named = Boolean(personName(card.fields));
  const scans = ctx.store.scanCount(card.id);
  const apple = Math.floor(scans / 8);
  const google = Math.floor(scans / 12);
  return ok({
    object: 'wallet_links',
    cardId: card.id,
    enabled,
    apple: enabled && named ? `${url}/wallet/apple` : null,
    // Google passes need a company or title line under the name.
    google: enabled && named && Boolean(card.fields.company || card.fields.title) ? `${url}/wallet/google` : null,
    installs: {
      apple: { issued: apple, installed: Math.floor(apple * 0.6) },
      google: { issued: google, installed: Math.floor(google * 0.5) },
    },
  });
}

export const routes: RouteDef[] = [
  { method: 'POST', path: '/cards', scopes: ['cards:write'], malformedJson: 'odd500', handler: createCard },
  { method: 'GET', path: '/cards', scopes: ['cards:read'], handler: listCards },
  { method: 'GET', path: '/cards/:id', scopes: ['cards:read'], handler: (ctx) => ok(serializeCard(ctx.store, cardOr404(ctx))) },
  { method: 'PATCH', path: '/cards/:id', scopes: ['cards:write'], handler: patchCard },
  { method: 'DELETE', path: '/cards/:id', scopes: ['cards:write'], handler: deleteCard },
  { method: 'GET', path: '/cards/:id/wallet', scopes: ['cards:read'], handler: walletLinks },
];

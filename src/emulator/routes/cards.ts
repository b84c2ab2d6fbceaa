// Cards: POST/GET /cards, GET/PATCH/DELETE /cards/:id, GET /cards/:id/wallet. Account-wide keys only.
import { createCardRecord, templateFor, type CardInput } from '../card-factory.js';
import { knownFieldKeys, personName, SCALAR_FIELD_KEYS, typeName, validateCardFields } from '../card-policy.js';
import { created, noContent, notFound, ok, validationFailed, type ErrorDetail } from '../http.js';
import { STATUSES, type CardRecord } from '../model.js';
import { visibility } from '../public.js';
import { paginate, parseEnumParam, parsePage, queryProblem, throwIfProblems } from '../query.js';
import type { RouteContext, RouteDef } from '../routing.js';
import { cardUrls, serializeCard } from '../serialize.js';

// PATCH accepts only `fields` and `templateId` ("any other top-level key gives 422").
const PATCH_KEYS = new Set(['fields', 'templateId']);

const asObject = (body: unknown): unknown => (body === undefined ? {} : body);

function cardOr404(ctx: RouteContext): CardRecord {
  const card = ctx.store.card(ctx.account.id, ctx.params.id);
  if (!card) throw notFound('Card');
  return card;
}

const wrongType = (field: string, want: string, v: unknown): ErrorDetail => ({
  field,
  message: `Expected ${want}, received ${typeName(v)}`,
  code: 'invalid_type',
});

/**
 * Top-level keys are type-checked here and everything else in checkCardInput, so one 422 lists every
 * problem (api-spec Errors: "all problems are reported at once"). Unknown top-level keys are dropped.
 */
function createCard(ctx: RouteContext) {
  const body = asObject(ctx.body);
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw validationFailed([wrongType('(body)', 'object', body)], 'The request body is invalid.');
  }
  const b = body as Record<string, unknown>;
  const problems: ErrorDetail[] = [];
  const str = (key: string, nullable = false): string | undefined => {
    const v = b[key];
    if (v === undefined || (nullable && v === null)) return undefined;
    if (typeof v === 'string') return v;
    problems.push(wrongType(key, nullable ? 'string or null' : 'string', v));
    return undefined;
  };
  const status = str('status');
  const input: CardInput = {
    fields: b.fields,
    name: str('name'),
    templateId: str('templateId', true),
    shortCode: str('shortCode'),
    status: status as CardInput['status'],
  };
  const card = createCardRecord(input, { store: ctx.store, account: ctx.account, now: ctx.nowIso() }, problems);
  return created(serializeCard(ctx.store, card));
}

/** Newest first; equal timestamps keep the later-created card first. */
export function newestFirst<T extends { createdAt: string }>(items: T[]): T[] {
  return items
    .map((item, i) => ({ item, i }))
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
  const items = ctx.store
    .cardsOf(ctx.account.id)
    .filter(
      (c) =>
        (status ? c.status === status : c.status !== 'archived') &&
        (!templateId || c.templateId === templateId) &&
        (!needle || c.name.toLowerCase().includes(needle)),
    );
  return ok(paginate(newestFirst(items), page, (c) => serializeCard(ctx.store, c)));
}

/**
 * PATCH: `fields` is the complete data. Scalar fields left out are cleared; rich sections left out are
 * kept; a section set to null is cleared. Template rules apply (prefilled values only when the patch links
 * a different template). The name follows the person's name; status and short code never change here.
 */
function patchCard(ctx: RouteContext) {
  const card = cardOr404(ctx);
  const body = ctx.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw validationFailed([wrongType('(body)', 'object', body)], 'The request body is invalid.');
  }
  const b = body as Record<string, unknown>;
  // Unknown keys, a missing `fields` and the field problems are all reported in one answer.
  const problems: ErrorDetail[] = Object.keys(b)
    .filter((k) => !PATCH_KEYS.has(k))
    .map((k) => ({ field: k, message: `Unrecognized key: "${k}"`, code: 'unrecognized_keys' }));
  let given: Record<string, unknown> = {};
  if (b.fields === undefined) problems.push({ field: 'fields', message: 'Required', code: 'invalid_type' });
  else if (!b.fields || typeof b.fields !== 'object' || Array.isArray(b.fields))
    problems.push(wrongType('fields', 'object', b.fields));
  else given = b.fields as Record<string, unknown>;
  let templateId: string | null | undefined;
  if (b.templateId === undefined || b.templateId === null || typeof b.templateId === 'string')
    templateId = b.templateId as string | null | undefined;
  else problems.push(wrongType('templateId', 'string or null', b.templateId));
  const template = templateFor(ctx.store, ctx.account, templateId === undefined ? card.templateId : templateId);
  const scalars = new Set<string>(SCALAR_FIELD_KEYS);
  const merged: Record<string, unknown> = {};
  const written = new Set<string>();
  for (const key of knownFieldKeys(template)) {
    if (Object.hasOwn(given, key)) {
      written.add(key);
      if (given[key] !== null) merged[key] = given[key];
    } else if (!scalars.has(key) && Object.hasOwn(card.fields, key) && card.fields[key] !== undefined) {
      merged[key] = (card.fields as Record<string, unknown>)[key];
    }
  }
  const relinked = templateId !== undefined && templateId !== card.templateId;
  const check = validateCardFields(merged, template, {
    applyPrefilled: relinked,
    written,
    linkTypes: ctx.store.rules.linkTypes,
  });
  problems.push(...check.problems);
  if (problems.length) throw validationFailed(problems, 'The card is invalid.');
  const { fields } = check;
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
  {
    method: 'GET',
    path: '/cards/:id',
    scopes: ['cards:read'],
    handler: (ctx) => ok(serializeCard(ctx.store, cardOr404(ctx))),
  },
  { method: 'PATCH', path: '/cards/:id', scopes: ['cards:write'], handler: patchCard },
  { method: 'DELETE', path: '/cards/:id', scopes: ['cards:write'], handler: deleteCard },
  { method: 'GET', path: '/cards/:id/wallet', scopes: ['cards:read'], handler: walletLinks },
];

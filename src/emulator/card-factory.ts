// Creates a card record the way POST /cards does; campaign ingestion creates its cards through it too.
// Order of checks: body problems and template field rules (one 422 listing all), unknown template (404),
// reserved short code (400), taken short code (400), racing creation (409), card allowance (403).
import { validateCardFields, personName, type FieldsCheck } from './card-policy.js';
import { EmuError, notFound, validationFailed, type ErrorDetail } from './http.js';
import type { AccountRecord, CardFields, CardRecord, QrDesign, TemplateRecord } from './model.js';
import { SHORT_CODE_RE, type Store } from './store.js';

export { validateCardFields, personName } from './card-policy.js';
export type { FieldsCheck } from './card-policy.js';

export const DEFAULT_CARD_DESIGN: QrDesign = { foreground: '#000000', background: '#FFFFFF', frame: null };
export const UNTITLED_CARD = 'Untitled card';

export interface CardInput {
  /** Raw person's data; unknown keys are dropped silently. */
  fields?: unknown;
  name?: string;
  templateId?: string | null;
  shortCode?: string;
  status?: 'draft' | 'published';
  externalId?: string | null;
  campaignId?: string | null;
}

export interface CardFactoryContext {
  store: Store;
  account: AccountRecord;
  /** ISO timestamp for createdAt/updatedAt (default: the store clock). */
  now?: string;
}

// ---- short codes -------------------------------------------------------------------------------

export type ShortCodeProblem = 'invalid' | 'reserved' | 'taken' | 'racing';

/** Short codes a creation is committing right now (a concurrent request for one gets 409 already_exists). */
const holds = new WeakMap<Store, Set<string>>();

/** Marks a short code as being created by a concurrent request; returns the release function. */
export function holdShortCode(store: Store, code: string): () => void {
  const set = holds.get(store) ?? new Set<string>();
  holds.set(store, set);
  const c = code.toLowerCase();
  set.add(c);
  return () => void set.delete(c);
}

/** Drops every hold (control API, reset). */
export function clearShortCodeHolds(store: Store): void {
  holds.get(store)?.clear();
}

/** Why a custom short code cannot be used, or undefined when it is free (service-wide, Trash included). */
export function checkShortCode(store: Store, code: string): ShortCodeProblem | undefined {
  if (!SHORT_CODE_RE.test(code)) return 'invalid';
  if (store.isReservedShortCode(code)) return 'reserved';
  if (store.isShortCodeTaken(code)) return 'taken';
  if (holds.get(store)?.has(code.toLowerCase())) return 'racing';
  return undefined;
}

/** The POST /cards and POST /qr-codes answer for a short-code problem (format problems are 422 details). */
export function shortCodeError(problem: Exclude<ShortCodeProblem, 'invalid'>, code: string): EmuError {
  switch (problem) {
    case 'reserved':
      return new EmuError(
        400,
        'invalid_request',
        'reserved_short_link',
        `The short code "${code}" is reserved by the platform.`,
      );
    case 'taken':
      return new EmuError(400, 'invalid_request', 'invalid_request', `The short code "${code}" is already taken.`);
    case 'racing':
      return new EmuError(409, 'conflict', 'already_exists', `Another request is creating the short code "${code}".`);
  }
}

export const shortCodeDetail = (field = 'shortCode'): ErrorDetail => ({
  field,
  message: 'Only letters, numbers and hyphens, 1 to 100 characters',
  code: 'invalid_string',
});

// ---- cards -------------------------------------------------------------------------------------

/** The template a card input refers to; unknown (or another account's) → 404 resource_not_found. */
export function templateFor(
  store: Store,
  account: AccountRecord,
  templateId: string | null | undefined,
): TemplateRecord | null {
  if (templateId === undefined || templateId === null) return null;
  const tpl = store.template(account.id, templateId);
  if (!tpl) throw notFound('Template');
  return tpl;
}

/** Design copied from the template (when it carries one), else the default starter design. */
export function designFor(template: TemplateRecord | null): QrDesign {
  const d = (template as { design?: QrDesign } | null)?.design;
  return structuredClone(d ?? DEFAULT_CARD_DESIGN);
}

/** Checks everything POST /cards checks, in its order, without creating; returns the sanitised fields. */
export function checkCardInput(
  input: CardInput,
  ctx: CardFactoryContext,
  earlier: ErrorDetail[] = [],
): { template: TemplateRecord | null; check: FieldsCheck } {
  const { store, account } = ctx;
  const problems: ErrorDetail[] = [...earlier];
  if (
    input.name !== undefined &&
    (typeof input.name !== 'string' || input.name.length < 1 || input.name.length > 200)
  ) {
    problems.push({
      field: 'name',
      message: 'Name must be 1 to 200 characters',
      code: input.name === '' ? 'too_small' : 'too_big',
    });
  }
  if (input.shortCode !== undefined && checkShortCode(store, input.shortCode) === 'invalid')
    problems.push(shortCodeDetail());
  if (input.status !== undefined && input.status !== 'draft' && input.status !== 'published') {
    problems.push({
      field: 'status',
      message: "Invalid enum value. Expected 'draft' | 'published'",
      code: 'invalid_enum_value',
    });
  }
  const template = templateFor(store, account, input.templateId);
  const check = validateCardFields(input.fields, template, { linkTypes: store.rules.linkTypes });
  problems.push(...check.problems);
  if (problems.length) throw validationFailed(problems, 'The card is invalid.');
  if (input.shortCode !== undefined) {
    const p = checkShortCode(store, input.shortCode);
    if (p && p !== 'invalid') throw shortCodeError(p, input.shortCode);
  }
  if (!store.canCreateCard(account.id)) {
    throw new EmuError(
      403,
      'permission_error',
      'limit_exhausted_cards',
      'All cards your plan covers are in use. Nothing was created.',
    );
  }
  return { template, check: { fields: check.fields, problems: [] } };
}

/** Creates the card (defaults: published, name = first + last, random 8-character short code) and stores it. */
export function createCardRecord(input: CardInput, ctx: CardFactoryContext, earlier: ErrorDetail[] = []): CardRecord {
  const { store, account } = ctx;
  const { template, check } = checkCardInput(input, ctx, earlier);
  const fields: CardFields = check.fields;
  const now = ctx.now ?? store.nowIso();
  const status = input.status ?? 'published';
  const record: CardRecord = {
    object: 'card',
    id: store.newId('crd'),
    accountId: account.id,
    name: input.name ?? personName(fields) ?? UNTITLED_CARD,
    shortCode: input.shortCode ?? store.randomShortCode(),
    status,
    templateId: template?.id ?? null,
    externalId: input.externalId ?? null,
    campaignId: input.campaignId ?? null,
    // Within the allowance but beyond the cards the plan covers (account.coveredCards), the card is created
    // parked: the 201 carries paused: true and its URL does not open (api-spec: check paused is false).
    paused: !store.newCardIsCovered(account.id),
    everPublished: status === 'published',
    design: designFor(template),
    fields,
    createdAt: now,
    updatedAt: now,
  };
  store.cards.push(record);
  return record;
}

// `campaigns import --update [--trash-missing]` (PRODUCT §11): the file held against the account before
// anything is sent. The campaign's cards are the cards of its template that carry an identifier
// (GET /cards?templateId=…, every page, archived ones too); each row of the file whose identifier has a
// card is compared with it field by field (native: the row's own columns; mapped: the dry run's
// resolvedFields) and becomes `update` (one PATCH of the card's complete fields merged with the row),
// `unchanged` (nothing sent) or `invalid` (the template's rules refuse the result); the others are
// created as without --update. With --trash-missing, the cards whose identifier the file does not hold
// are listed to go to Trash. The account is the state: a run after a kill plans only what is missing.
import { personName } from '../../api/rules.js';
import type { ApiClient } from '../../api/client.js';
import type { TemplateLike } from '../../api/card-rules.js';
import { ApiError, CliError, EXIT, InterruptedError, UsageError } from '../../errors.js';
import { idempotencyKey } from '../rows/keys.js';
import { canonicalJson } from '../../api/canonical-json.js';
import { buildBody, rowId, type RowProblem } from './validate.js';
import { dataRows, type CheckedFile } from './check.js';
import { sendEach, type Sent } from '../rows/loop.js';
import { leavesOf, planRowUpdate, rowLeaves } from './fields.js';
import type { CampaignCard, ImportDeps, ImportOptions, SyncPlan, TrashJob, UnchangedJob, UpdateJob } from './types.js';

export const DEFAULT_MAX_TRASH = 10;

export interface PlannedSync {
  plan: SyncPlan;
  /** The rows with a card, by line (rows without one are created as usual). */
  byLine: Map<number, UpdateJob | UnchangedJob>;
  /** Rows the plan found invalid (sent nothing; recorded `invalid` under --skip-invalid). */
  invalidLines: Set<number>;
  trash: TrashJob[];
}

export async function planSync(checked: CheckedFile, opts: ImportOptions, deps: ImportDeps): Promise<PlannedSync> {
  const { client, plan: columns, validation, opened } = checked;
  const { signal } = deps;
  const templateId = checked.templateId;
  deps.onNotice?.({ kind: 'listing-cards', campaignId: opts.campaignId, templateId });
  const { template, cards } = await readCampaign(client, templateId, deps);
  const { testCampaignCard } = await import('../../api/campaigns.js');

  const held = new Set<string>();
  const byLine = new Map<number, UpdateJob | UnchangedJob>();
  const invalid: RowProblem[] = [];
  const plan: SyncPlan = {
    campaignId: opts.campaignId,
    file: opts.file,
    counts: {
      create: 0,
      update: 0,
      unchanged: 0,
      invalid: validation.invalid.countUpTo(validation.rangeEnd),
      trash: 0,
    },
    alreadyDone: 0,
    updates: [],
    invalid,
    trash: [],
    ...(opts.trashMissing ? { maxTrash: opts.maxTrash ?? DEFAULT_MAX_TRASH } : {}),
  };
  // The rows that have a card, in file order (the others are counted: created as without --update).
  async function* withCards(): AsyncGenerator<{ line: number; id: string; card: CampaignCard; cells: string[] }> {
    let index = 0;
    for await (const rec of dataRows(checked.source(), signal)) {
      const id = rowId(columns, rec.cells, rec.line);
      if (id !== null) held.add(id);
      if (++index > (opts.maxRows ?? Infinity)) continue;
      if (validation.invalid.has(rec.line)) continue;
      if (opened?.done.has(rec.line)) {
        plan.alreadyDone++;
        continue;
      }
      const card = id === null ? undefined : cards.get(id);
      if (!card || id === null) plan.counts.create++;
      else yield { line: rec.line, id, card, cells: rec.cells };
    }
  }
  // Each through the one request loop: a mapped row's fields are what the dry run resolves (a request).
  await sendEach(
    withCards(),
    async (row): Promise<Sent<{ line: number; id: string; card: CampaignCard; leaves: Record<string, unknown> }>> => {
      const body = buildBody(columns, row.cells);
      const leaves =
        columns.mode === 'native'
          ? rowLeaves(leavesOf(body.fields ?? {}))
          : rowLeaves((await testCampaignCard(client, opts.campaignId, body, signal)).resolvedFields, template, true);
      return { row: { line: row.line, id: row.id, card: row.card, leaves } };
    },
    ({ line, id, card, leaves }) => {
      const u = planRowUpdate(card.fields, leaves, template);
      if (!u.changes.length) {
        plan.counts.unchanged++;
        byLine.set(line, { kind: 'unchanged', line, externalId: id, card });
        return;
      }
      if (u.problems.length) {
        invalid.push({
          line,
          externalId: id,
          code: 'validation_failed',
          message: `the update of card ${card.id} breaks the template's rules: ${u.problems.join('; ')}`,
        });
        return;
      }
      const patch = canonicalJson({ fields: u.fields });
      // Planned against the card's updatedAt: once it landed, a re-plan finds the row unchanged.
      const key = idempotencyKey({
        scheme: 'cqsyn',
        nonce: opened?.nonce ?? '',
        scope: [opts.campaignId, 'update'],
        subject: card.id,
        intent: [card.updatedAt, patch],
        generation: opened?.refusals.get(line) ?? 0,
      });
      byLine.set(line, { kind: 'update', line, externalId: id, card, fields: u.fields, changes: u.changes, key });
      plan.counts.update++;
      const renamed = personName(u.fields);
      if (renamed && renamed !== card.name) u.notes.push(`renames the card "${card.name}" to "${renamed}"`);
      plan.updates.push({ line, externalId: id, cardId: card.id, changes: u.changes, notes: u.notes });
    },
    { concurrency: 1, signal },
  );
  if (signal.aborted) throw new InterruptedError('interrupted before anything was sent');
  plan.counts.invalid += invalid.length;

  const trash: TrashJob[] = [];
  if (opts.trashMissing) {
    const missing = [...cards.values()]
      .filter((c) => !held.has(c.externalId))
      .sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
    for (const card of missing) {
      trash.push({
        kind: 'trash',
        line: null,
        externalId: card.externalId,
        card,
        key: idempotencyKey({
          scheme: 'cqsyn',
          nonce: opened?.nonce ?? '',
          scope: [opts.campaignId, 'trash'],
          subject: card.id,
          intent: [card.updatedAt, ''],
        }),
      });
      plan.trash.push({ cardId: card.id, externalId: card.externalId, name: card.name, shortCode: card.shortCode });
    }
    plan.counts.trash = trash.length;
  }
  return { plan, byLine, invalidLines: new Set(invalid.map((p) => p.line)), trash };
}

/** The template's rules, or undefined when the key may not read templates (the API still checks them). */
async function readTemplate(
  client: ApiClient,
  templateId: string,
  deps: ImportDeps,
): Promise<TemplateLike | undefined> {
  const { getTemplate } = await import('../../api/templates.js');
  try {
    return await getTemplate(client, templateId, deps.signal);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'forbidden') {
      deps.onNotice?.({ kind: 'template-unreadable', templateId });
      return undefined;
    }
    throw e;
  }
}

/** The template's rules and the campaign's cards; a key that may not read them is told what it needs. */
async function readCampaign(
  client: ApiClient,
  templateId: string,
  deps: ImportDeps,
): Promise<{ template?: TemplateLike; cards: Map<string, CampaignCard> }> {
  try {
    const template = await readTemplate(client, templateId, deps);
    return { template, cards: await campaignCards(client, templateId, deps.signal) };
  } catch (e) {
    if (e instanceof ApiError && (e.code === 'key_scoped_to_campaign' || e.code === 'forbidden')) {
      throw new CliError(`cannot list the campaign's cards: ${e.message} (${e.code})`, EXIT.auth, [
        '--update and --trash-missing read the cards of the campaign (GET /cards): they need an account-wide key with cards:read and cards:write',
      ]);
    }
    throw e;
  }
}

/**
 * The campaign's cards by identifier: every card of the campaign's template (the campaign owns it) that
 * carries one. The default list leaves archived cards out, so they are listed too; cards in Trash are
 * never listed (a row for one is refused duplicate_in_trash, as without --update).
 */
export async function campaignCards(
  client: ApiClient,
  templateId: string,
  signal: AbortSignal,
): Promise<Map<string, CampaignCard>> {
  const { listCards } = await import('../../api/cards.js');
  const byId = new Map<string, CampaignCard>();
  const read = async (status: string | undefined) => {
    for await (const c of listCards(client, { templateId, status }, { all: true, limit: 100, signal })) {
      if (c.externalId === null || c.externalId === undefined) continue;
      byId.set(c.externalId, {
        id: c.id,
        externalId: c.externalId,
        name: c.name,
        shortCode: c.shortCode,
        url: c.url,
        paused: c.paused,
        status: c.status,
        updatedAt: c.updatedAt,
        fields: c.fields as Record<string, unknown>,
      });
    }
    if (signal.aborted) throw new InterruptedError('interrupted before anything was sent');
  };
  await read(undefined); // one list, every page …
  await read('archived'); // … then the archived ones, which it leaves out
  return byId;
}

/** Rows the template's rules refuse, as the file check lists its problems (nothing was sent). */
export function planProblemsError(invalid: RowProblem[]): UsageError {
  const n = invalid.length;
  const lines = invalid.slice(0, 50).map((p) => `line ${p.line}: ${p.message}`);
  if (n > 50) lines.push(`… and ${n - 50} more`);
  lines.push('fix them in the file (or pass --skip-invalid to update the other rows and record these as invalid)');
  return new UsageError(
    `${n} row${n === 1 ? '' : 's'} cannot update ${n === 1 ? 'its card' : 'their cards'}; nothing was sent`,
    lines,
  );
}

/** More cards to trash than --max-trash allows: refused before anything is sent. */
export function overTrashError(plan: SyncPlan): UsageError {
  const n = plan.counts.trash;
  return new UsageError(
    `--trash-missing would move ${n} cards to Trash, more than --max-trash ${plan.maxTrash}; nothing was sent`,
    [`check that the file holds every card that should stay (a truncated export?), then pass --max-trash ${n} or more`],
  );
}

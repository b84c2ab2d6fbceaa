// trash and roster_sync plans. trash reads each id (a card first, then a QR code: ids are opaque).
// roster_sync is `campaigns import --update [--trash-missing]` on rows given as objects (a native
// campaign's columns: externalId, shortCode, name and card fields, dotted or nested): the campaign's cards
// (jobs/import/sync.ts), each row held against its card field by field (jobs/import/fields.ts: the one
// PATCH carries the card's complete fields merged with the row, checked against the template's rules),
// new identifiers created, and with trash_missing the cards the rows do not name go to Trash (never more
// than max_trash, default 10).
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../errors.js';
import { shapeProblems, unknownFieldProblems, type TemplateLike } from '../api/card-rules.js';
import { shortCodeProblem } from '../api/rules.js';
import { leavesOf, planRowUpdate, rowLeaves } from '../jobs/import/fields.js';
import { DEFAULT_MAX_TRASH, campaignCards } from '../jobs/import/sync.js';
import { MAX_EXTERNAL_ID } from '../jobs/import/validate.js';
import type { Problem } from '../jobs/rows/types.js';
import { setOwn } from '../own.js';
import { PlanRefusal } from './contract.js';
import type { PlanRow } from './file.js';
import { checkIds, invalid, notReadable, type Planned } from './plan-qr.js';
import { readEach } from './reads.js';

export async function planTrash(client: ApiClient, ids: unknown, signal: AbortSignal): Promise<Planned> {
  const list = checkIds(ids);
  const [{ getCard }, { getQrCode }] = await Promise.all([import('../api/cards.js'), import('../api/qr.js')]);
  const gone = (e: unknown) => e instanceof ApiError && e.status === 404;
  const found = await readEach(
    list,
    async (id) => {
      const card = await getCard(client, id, signal).catch((e: unknown) => {
        if (gone(e)) return undefined;
        throw e;
      });
      if (card) return { object: 'card' as const, o: card };
      const qr = await getQrCode(client, id, signal).catch((e: unknown) => {
        throw notReadable(e, id, 'card or QR code');
      });
      return { object: 'qr' as const, o: qr };
    },
    signal,
  );
  const counts = { card: 0, qr: 0 };
  const rows: PlanRow[] = found.map(({ object, o }) => {
    counts[object]++;
    return {
      change: {
        id: o.id,
        object,
        subject: o.id,
        action: 'trash',
        fields: { name: { old: o.name, new: null }, shortCode: { old: o.shortCode, new: null } },
      },
      before: { updatedAt: o.updatedAt, status: o.status, paused: o.paused, fields: {} },
      after: 'gone',
      steps: [{ action: 'trash', intent: { object, id: o.id } }],
    };
  });
  return {
    rows,
    counts,
    summary: `move to Trash ${counts.card} card${counts.card === 1 ? '' : 's'} and ${counts.qr} QR code${counts.qr === 1 ? '' : 's'} (their links stop opening; restorable only in the dashboard)`,
  };
}

interface RosterInput {
  campaign_id: unknown;
  rows: unknown;
  trash_missing: unknown;
  max_trash?: unknown;
}

const TOP = new Set(['externalId', 'shortCode', 'name']);

/** A row object's leaves: card fields by name, dotted path or nesting; `fields: {…}` taken as the fields. */
function rowOf(value: Record<string, unknown>): {
  externalId: unknown;
  shortCode: unknown;
  name: unknown;
  leaves: Record<string, unknown>;
} {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (TOP.has(k)) continue;
    if (k === 'fields' && v && typeof v === 'object' && !Array.isArray(v)) Object.assign(fields, leavesOf(v));
    else Object.assign(fields, leavesOf(v, k.startsWith('fields.') ? k.slice('fields.'.length) : k));
  }
  return { externalId: value.externalId, shortCode: value.shortCode, name: value.name, leaves: rowLeaves(fields) };
}

/** The nested `fields` of a create, from its dotted leaves (digits index lists). */
function nested(leaves: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(leaves)) {
    const segs = path.split('.');
    let cur: Record<string, unknown> | unknown[] = out;
    segs.forEach((seg, i) => {
      const key: string | number = Array.isArray(cur) ? Number(seg) : seg;
      if (i === segs.length - 1) setOwn(cur, key, value);
      else {
        let next = (cur as Record<string | number, unknown>)[key];
        if (next === undefined || next === null || typeof next !== 'object') {
          next = /^\d+$/.test(segs[i + 1]) ? [] : {};
          setOwn(cur, key, next);
        }
        cur = next as Record<string, unknown> | unknown[];
      }
    });
  }
  for (const [k, v] of Object.entries(out))
    if (Array.isArray(v))
      setOwn(
        out,
        k,
        v.filter((x) => x !== undefined),
      );
  return out;
}

export async function planRoster(
  client: ApiClient,
  input: RosterInput,
  signal: AbortSignal,
): Promise<Planned & { campaignId: string }> {
  const campaignId = input.campaign_id;
  if (typeof campaignId !== 'string' || !campaignId)
    throw new PlanRefusal('invalid', 'campaign_id is required; nothing was planned');
  if (typeof input.trash_missing !== 'boolean')
    throw new PlanRefusal('invalid', 'trash_missing must be true or false; nothing was planned');
  const maxTrash = input.max_trash ?? DEFAULT_MAX_TRASH;
  if (typeof maxTrash !== 'number' || !Number.isInteger(maxTrash) || maxTrash < 0)
    throw new PlanRefusal('invalid', 'max_trash must be a whole number of 0 or more; nothing was planned');
  if (!Array.isArray(input.rows))
    throw new PlanRefusal('invalid', 'rows must be a list of objects; nothing was planned');
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  const parsed = input.rows.map((value: unknown, i) => {
    const line = i + 1;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ line, message: 'not an object' });
      return undefined;
    }
    const row = rowOf(value as Record<string, unknown>);
    const id = row.externalId;
    if (typeof id !== 'string' || !id.trim() || id.length > MAX_EXTERNAL_ID)
      problems.push({ line, message: `externalId must be 1 to ${MAX_EXTERNAL_ID} characters` });
    else if (seen.has(id)) problems.push({ line, message: `externalId "${id}" is also on row ${seen.get(id)}` });
    else seen.set(id, line);
    if (row.shortCode !== undefined && (typeof row.shortCode !== 'string' || shortCodeProblem(row.shortCode)))
      problems.push({
        line,
        message: `shortCode ${JSON.stringify(row.shortCode)} ${typeof row.shortCode === 'string' ? shortCodeProblem(row.shortCode) : 'must be a string'}`,
      });
    if (row.name !== undefined && typeof row.name !== 'string')
      problems.push({ line, message: 'name must be a string' });
    for (const p of shapeProblems(nested(row.leaves))) problems.push({ line, message: p });
    return { line, ...row, externalId: id as string };
  });
  if (problems.length) throw invalid(problems);
  const { getCampaignSchema } = await import('../api/campaigns.js');
  const schema = await getCampaignSchema(client, campaignId, signal).catch((e: unknown) => {
    throw notReadable(e, campaignId, 'campaign');
  });
  if (schema.payloadMode !== 'native')
    throw new PlanRefusal(
      'invalid',
      `campaign ${campaignId} takes mapped records: roster_sync plans native campaigns only (use cardqr campaigns import --update)`,
    );
  const template = await readTemplate(client, schema.templateId, signal);
  const cards = await campaignCards(client, schema.templateId, signal);
  const rows: PlanRow[] = [];
  const counts = { create: 0, update: 0, unchanged: 0, trash: 0 };
  for (const row of parsed) {
    if (!row) continue;
    for (const p of unknownFieldProblems(nested(row.leaves), template)) problems.push({ line: row.line, message: p });
    const card = cards.get(row.externalId);
    if (!card) {
      const body = {
        externalId: row.externalId,
        fields: nested(row.leaves),
        ...(typeof row.shortCode === 'string' ? { shortCode: row.shortCode } : {}),
        ...(typeof row.name === 'string' ? { name: row.name } : {}),
      };
      counts.create++;
      rows.push({
        change: {
          object: 'card',
          subject: row.externalId,
          action: 'create',
          fields: Object.fromEntries(Object.entries(row.leaves).map(([k, v]) => [k, { old: null, new: v }])),
        },
        before: null,
        after: {
          externalId: row.externalId,
          leaves: row.leaves,
          ...(body.shortCode ? { shortCode: body.shortCode } : {}),
        },
        steps: [{ action: 'create', intent: { campaignId, body } }],
      });
      continue;
    }
    const u = planRowUpdate(card.fields, row.leaves, template);
    if (!u.changes.length) {
      counts.unchanged++;
      continue;
    }
    if (u.problems.length)
      problems.push({
        line: row.line,
        message: `the update of card ${card.id} breaks the template's rules: ${u.problems.join('; ')}`,
      });
    counts.update++;
    rows.push({
      change: {
        id: card.id,
        object: 'card',
        subject: row.externalId,
        action: 'update',
        fields: Object.fromEntries(u.changes.map((c) => [c.field, { old: c.from, new: c.to }])),
      },
      before: {
        updatedAt: card.updatedAt,
        status: card.status,
        paused: card.paused,
        fields: Object.fromEntries(u.changes.map((c) => [c.field, c.from])),
      },
      after: { leaves: Object.fromEntries(u.changes.map((c) => [c.field, c.to])) },
      steps: [{ action: 'update', intent: { id: card.id, body: { fields: u.fields } } }],
    });
  }
  if (problems.length) throw invalid(problems);
  if (input.trash_missing) {
    const missing = [...cards.values()]
      .filter((c) => !seen.has(c.externalId))
      .sort((a, b) => (a.externalId < b.externalId ? -1 : 1));
    if (missing.length > maxTrash)
      throw new PlanRefusal(
        'invalid',
        `trash_missing would move ${missing.length} cards to Trash, more than max_trash ${maxTrash}; check the rows hold every card that should stay, or raise max_trash`,
      );
    for (const card of missing) {
      counts.trash++;
      rows.push({
        change: {
          id: card.id,
          object: 'card',
          subject: card.externalId,
          action: 'trash',
          fields: { name: { old: card.name, new: null }, shortCode: { old: card.shortCode, new: null } },
        },
        before: { updatedAt: card.updatedAt, status: card.status, paused: card.paused, fields: {} },
        after: 'gone',
        steps: [{ action: 'trash', intent: { object: 'card', id: card.id } }],
      });
    }
  }
  return {
    rows,
    counts,
    campaignId,
    summary: `campaign ${campaignId}: create ${counts.create}, update ${counts.update}, unchanged ${counts.unchanged}, move to Trash ${counts.trash} cards`,
  };
}

async function readTemplate(client: ApiClient, id: string, signal: AbortSignal): Promise<TemplateLike | undefined> {
  const { getTemplate } = await import('../api/templates.js');
  try {
    return await getTemplate(client, id, signal);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'forbidden') return undefined;
    throw e;
  }
}

// Control API under /_emulator/ (never under /v1, no auth, loopback clients only).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { RecordedRequest } from './api.js';
import { faultFromJson, type FaultSpec } from './faults.js';
import { clearShortCodeHolds, holdShortCode } from './card-factory.js';
import { errorReply, isLoopback, readBody, send, type Reply } from './http.js';
import { CAMPAIGN_STATUSES, PLANS, type LeadRecord, type ScanRecord } from './model.js';
import { formatPath, iso, LeadSeed, ScanSeed } from './seed.js';
import type { Store } from './store.js';

export interface ControlDeps {
  store: Store;
  reset(): void;
  loadSeed(seed: unknown): void;
  injectFaults(faults: FaultSpec[]): void;
  clearFaults(): void;
  advanceTime(ms: number): void;
  requests(): RecordedRequest[];
  /** EmulatorOptions.controlToken: when set, every control request needs `Authorization: Bearer <token>`. */
  controlToken?: string;
}

class BadRequest extends Error {}
const bad = (message: string): never => {
  throw new BadRequest(message);
};
const okReply = (json: Record<string, unknown> = {}): Reply => ({ status: 200, json: { ok: true, ...json } });

function parse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) bad(`${what}: ${r.error.issues.map((i) => `${formatPath(input, i.path)}: ${i.message}`).join('; ')}`);
  return (r as { data: z.infer<S> }).data;
}

/**
 * Why a request may not use the control API, or undefined. Web pages the operator visits must not reach
 * it (a cross-origin `text/plain` POST could reset the state or move the clock): requests carrying an
 * `Origin` or `Sec-Fetch-Site` header (every browser fetch or form does) are refused; a body must be
 * declared `application/json` (a page cannot send that cross-origin without a preflight, which this API
 * never grants); the Host must be a loopback name (DNS rebinding). With `controlToken` set, the request
 * must also carry `Authorization: Bearer <token>`.
 */
export function controlRefusal(req: IncomingMessage, bodyLength: number, token?: string): string | undefined {
  if (!isLoopback(req.socket.remoteAddress)) return 'The emulator control API only answers loopback clients.';
  const h = req.headers;
  if (h.origin !== undefined || h['sec-fetch-site'] !== undefined)
    return 'The emulator control API refuses requests from web pages (Origin header).';
  const host = (h.host ?? '')
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (host !== 'localhost' && !isLoopback(host))
    return `The emulator control API answers only Host localhost or a loopback address, not "${host}".`;
  const method = (req.method ?? 'GET').toUpperCase();
  const ct = String(h['content-type'] ?? '');
  if ((bodyLength > 0 || (method !== 'GET' && ct)) && !/^application\/json\s*(;|$)/i.test(ct)) {
    return 'The emulator control API takes JSON only (Content-Type: application/json).';
  }
  if (token !== undefined && h.authorization !== `Bearer ${token}`)
    return 'The emulator control API needs its token (Authorization: Bearer <token>).';
  return undefined;
}

export async function handleControl(
  deps: ControlDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { raw } = await readBody(req, 50 * 1024 * 1024);
  const refused = controlRefusal(req, raw.length, deps.controlToken);
  if (refused) {
    send(res, errorReply(403, 'permission_error', 'forbidden', refused));
    return;
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const path = url.pathname.replace(/\/+$/, '');
  let body: Record<string, unknown> = {};
  try {
    if (raw.length) body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    if (!body || typeof body !== 'object' || Array.isArray(body)) bad('body must be a JSON object');
    send(res, route(deps, method, path, body));
  } catch (e) {
    const message =
      e instanceof BadRequest || e instanceof SyntaxError ? e.message : `unexpected: ${(e as Error).message}`;
    send(res, errorReply(400, 'invalid_request', 'invalid_request', message));
  }
}

function route(deps: ControlDeps, method: string, path: string, body: Record<string, unknown>): Reply {
  const { store } = deps;
  const key = `${method} ${path}`;
  switch (key) {
    case 'POST /_emulator/reset':
      deps.reset();
      return okReply();
    case 'POST /_emulator/seed':
      try {
        deps.loadSeed(body.seed ?? body);
      } catch (e) {
        bad((e as Error).message);
      }
      return okReply();
    case 'POST /_emulator/faults': {
      if (!Array.isArray(body.faults)) bad('expected {faults: [...]}');
      let faults: FaultSpec[] = [];
      try {
        faults = (body.faults as Record<string, unknown>[]).map(faultFromJson);
      } catch (e) {
        bad((e as Error).message);
      }
      deps.injectFaults(faults);
      return okReply({ queued: faults.length });
    }
    case 'DELETE /_emulator/faults':
      deps.clearFaults();
      return okReply();
    case 'POST /_emulator/time': {
      const ms = body.advanceMs;
      if (typeof ms !== 'number' || !Number.isFinite(ms)) bad('expected {advanceMs: number}');
      deps.advanceTime(ms as number);
      return okReply({ now: new Date(store.now()).toISOString() });
    }
    case 'POST /_emulator/plan': {
      const plan = body.plan;
      if (typeof plan !== 'string' || !(plan in PLANS))
        bad(`expected {plan} with one of ${Object.keys(PLANS).join(', ')}`);
      const accountId = typeof body.accountId === 'string' ? body.accountId : store.accounts[0].id;
      const account = store.account(accountId) ?? bad(`unknown account ${accountId}`);
      account.plan = plan as string;
      if (body.coveredCards !== undefined) {
        const n = body.coveredCards;
        if (n !== null && (typeof n !== 'number' || !Number.isInteger(n) || n < 0))
          bad('expected coveredCards: a whole number >= 0, or null (= the card allowance)');
        account.coveredCards = n as number | null;
      }
      store.changed();
      return okReply({ account });
    }
    case 'POST /_emulator/leads':
      return okReply({ leads: addLeads(store, body.leads) });
    case 'POST /_emulator/scans':
      return okReply({ scans: addScans(store, body.scans) });
    case 'POST /_emulator/short-code-holds': {
      // A creation of this slug "in flight" elsewhere: POST /cards and POST /qr-codes with it answer
      // 409 already_exists ("two requests raced for the same slug") until the holds are cleared.
      const code = body.shortCode;
      if (typeof code !== 'string' || !code) bad('expected {shortCode: string}');
      holdShortCode(store, code as string);
      return okReply({ held: code });
    }
    case 'DELETE /_emulator/short-code-holds':
      clearShortCodeHolds(store);
      return okReply();
    case 'GET /_emulator/state':
      return { status: 200, json: store.toJSON() };
    case 'GET /_emulator/requests':
      return { status: 200, json: { requests: deps.requests() } };
  }
  const m = /^\/_emulator\/campaigns\/([^/]+)$/.exec(path);
  if (m && method === 'POST') return updateCampaign(store, decodeURIComponent(m[1]), body);
  const k = /^\/_emulator\/keys\/([^/]+)$/.exec(path);
  if (k && method === 'POST') return updateKey(store, decodeURIComponent(k[1]), body);
  const l = /^\/_emulator\/leads\/([^/]+)$/.exec(path);
  if (l && method === 'POST') return updateLead(store, decodeURIComponent(l[1]), body);
  const a = /^\/_emulator\/accounts\/([^/]+)$/.exec(path);
  if (a && method === 'POST') return updateAccount(store, decodeURIComponent(a[1]), body);
  return errorReply(404, 'not_found', 'unknown_endpoint', `No control endpoint ${method} ${path}.`);
}

const LeadInput = LeadSeed.extend({ id: z.string().optional(), createdAt: iso.optional() });
function addLeads(store: Store, input: unknown): LeadRecord[] {
  if (!Array.isArray(input)) bad('expected {leads: [...]}');
  const leads = parse(z.array(LeadInput), input, 'leads');
  const out = leads.map((l) => {
    const target = store.cards.find((c) => c.id === l.cardId) ?? store.qrCodes.find((q) => q.id === l.cardId);
    if (!target) bad(`unknown card or QR code ${l.cardId}`);
    const rec: LeadRecord = {
      ...l,
      object: 'lead',
      id: l.id ?? store.newId('lead'),
      accountId: l.accountId ?? target!.accountId,
      cardName: l.cardName ?? target!.name,
      createdAt: l.createdAt ?? store.nowIso(),
    };
    return rec;
  });
  for (const l of out) store.leads.push(l);
  store.changed();
  return out;
}

function addScans(store: Store, input: unknown): ScanRecord[] {
  if (!Array.isArray(input)) bad('expected {scans: [...]}');
  const ScanInput = ScanSeed.extend({ at: iso.optional() });
  const scans = parse(z.array(ScanInput), input, 'scans');
  const out = scans.map((s) => {
    const target = store.cards.find((c) => c.id === s.targetId) ?? store.qrCodes.find((q) => q.id === s.targetId);
    if (!target) bad(`unknown card or QR code ${s.targetId}`);
    return {
      ...s,
      id: s.id ?? store.newId('scn'),
      accountId: s.accountId ?? target!.accountId,
      at: s.at ?? store.nowIso(),
      visitorId: s.visitorId ?? `v_${store.randomString(10)}`,
    } satisfies ScanRecord;
  });
  for (const s of out) store.scans.push(s);
  store.changed();
  return out;
}

const CampaignPatch = z.strictObject({
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  apiEnabled: z.boolean().optional(),
  /** true: mark the configuration stale (template changed after activation); false: re-activate. */
  stale: z.boolean().optional(),
  /** false: forget the API configuration (409 api_not_configured). */
  configured: z.literal(false).optional(),
});
function updateCampaign(store: Store, id: string, body: unknown): Reply {
  const campaign = store.campaigns.find((c) => c.id === id);
  if (!campaign) return errorReply(404, 'not_found', 'resource_not_found', `No campaign ${id}.`);
  const patch = parse(CampaignPatch, body, 'campaign');
  if (patch.status) campaign.status = patch.status;
  if (patch.apiEnabled !== undefined) campaign.apiEnabled = patch.apiEnabled;
  if (patch.configured === false) campaign.api = null;
  if (patch.stale !== undefined && campaign.api) {
    const tpl = store.templates.find((t) => t.id === campaign.templateId);
    campaign.api.activatedFingerprint = patch.stale || !tpl ? 'fp_0000000000000000' : store.templateFingerprint(tpl);
  }
  store.changed();
  return okReply({ campaign });
}

const KeyPatch = z.strictObject({ revoked: z.boolean().optional(), expiresAt: z.string().nullable().optional() });
/** `POST /_emulator/keys/:name {revoked?, expiresAt?}`: a revoked or expired key answers 401 invalid_api_key. */
function updateKey(store: Store, name: string, body: unknown): Reply {
  const key = store.apiKeys.find((x) => x.name === name || x.id === name);
  if (!key) return errorReply(404, 'not_found', 'resource_not_found', `No key ${name}.`);
  const patch = parse(KeyPatch, body, 'key');
  if (patch.expiresAt && Number.isNaN(Date.parse(patch.expiresAt)))
    bad('key: expiresAt: expected an ISO 8601 timestamp');
  if (patch.revoked !== undefined) key.revoked = patch.revoked;
  if (patch.expiresAt !== undefined) key.expiresAt = patch.expiresAt;
  store.changed();
  return okReply({ key: { name: key.name, revoked: key.revoked, expiresAt: key.expiresAt ?? null } });
}

const LeadPatch = z.strictObject({
  locked: z.boolean().optional(),
  contact: LeadSeed.shape.contact.unwrap().unwrap().nullable().optional(),
  hubspot: LeadSeed.shape.hubspot.unwrap().unwrap().nullable().optional(),
});
/**
 * `POST /_emulator/leads/:id {locked?, contact?, hubspot?}`: what the dashboard does when the allowance
 * grows (unlock a lead, with the contact it then shows) or the CRM sync moves on. Only the given keys change.
 */
function updateLead(store: Store, id: string, body: unknown): Reply {
  const lead = store.leads.find((x) => x.id === id);
  if (!lead) return errorReply(404, 'not_found', 'resource_not_found', `No lead ${id}.`);
  const patch = parse(LeadPatch, body, 'lead');
  if (patch.locked !== undefined) lead.locked = patch.locked;
  if (patch.contact !== undefined) lead.contact = patch.contact;
  if (patch.hubspot !== undefined) lead.hubspot = patch.hubspot;
  store.changed();
  return okReply({ lead });
}

const AccountPatch = z.strictObject({ closed: z.boolean() });
/** `POST /_emulator/accounts/:id {closed}`: every key of a closed account answers 401 invalid_api_key. */
function updateAccount(store: Store, id: string, body: unknown): Reply {
  const account = store.account(id);
  if (!account) return errorReply(404, 'not_found', 'resource_not_found', `No account ${id}.`);
  account.closed = parse(AccountPatch, body, 'account').closed;
  store.changed();
  return okReply({ account });
}

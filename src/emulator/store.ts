// The emulator's in-memory state: typed collections plus the helpers every route module needs
// (ids, short codes, lookups scoped to an account, allowances, trash, template fingerprints).
import { createHash } from 'node:crypto';
import { GrowingIndex, GrowingTally } from './indexes.js';
import {
  PLANS,
  SPEC_RESERVED_SHORT_CODES,
  defaultRules,
  type ServiceRules,
  type AccountRecord,
  type ApiKeyRecord,
  type CampaignRecord,
  type CardRecord,
  type IdempotencyRecord,
  type LeadRecord,
  type PlanDef,
  type QrRecord,
  type ScanRecord,
  type StoreData,
  type TemplateRecord,
  type TrashEntry,
} from './model.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SHORT = 'abcdefghijkmnpqrstuvwxyz23456789'; // no look-alikes (l, o, 0, 1)
export const SHORT_CODE_RE = /^[A-Za-z0-9-]{1,100}$/;

/** Fingerprint of a template's rules, sections and blocks (campaign_schema.fingerprint). */
export function templateFingerprint(template: Pick<TemplateRecord, 'policy' | 'sections' | 'blocks'>): string {
  const basis = JSON.stringify([template.policy, template.sections, template.blocks]);
  return `fp_${createHash('sha256').update(basis).digest('hex').slice(0, 16)}`;
}

export interface StoreOptions {
  random?: () => number;
  now?: () => number;
}

export class Store {
  accounts: AccountRecord[] = [];
  apiKeys: ApiKeyRecord[] = [];
  templates: TemplateRecord[] = [];
  cards: CardRecord[] = [];
  qrCodes: QrRecord[] = [];
  campaigns: CampaignRecord[] = [];
  leads: LeadRecord[] = [];
  scans: ScanRecord[] = [];
  trash: TrashEntry[] = [];
  idempotency: IdempotencyRecord[] = [];
  takenShortCodes: string[] = [];
  rules: ServiceRules = defaultRules();
  clockOffsetMs = 0;
  /** Public host of the emulator (http://127.0.0.1:<port>), set by the server once listening. */
  publicBase = 'http://127.0.0.1';
  readonly random: () => number;
  private readonly clock: () => number;
  private listeners: (() => void)[] = [];

  constructor(data: StoreData, opts: StoreOptions = {}) {
    this.random = opts.random ?? Math.random;
    this.clock = opts.now ?? (() => Date.now() + this.clockOffsetMs);
    this.load(data);
  }

  /** Replace the whole state in place (the Store object stays the same for holders of it). */
  load(data: StoreData): void {
    const copy = structuredClone(data);
    this.accounts = copy.accounts;
    this.apiKeys = copy.apiKeys;
    this.templates = copy.templates;
    this.cards = copy.cards;
    this.qrCodes = copy.qrCodes;
    this.campaigns = copy.campaigns;
    this.leads = copy.leads;
    this.scans = copy.scans;
    this.trash = copy.trash;
    this.idempotency = copy.idempotency ?? [];
    this.takenShortCodes = copy.takenShortCodes ?? [];
    this.rules = { ...defaultRules(), ...(copy.rules ?? {}) };
    this.clockOffsetMs = copy.clockOffsetMs ?? 0;
  }

  toJSON(): StoreData {
    return {
      version: 1,
      accounts: this.accounts,
      apiKeys: this.apiKeys,
      templates: this.templates,
      cards: this.cards,
      qrCodes: this.qrCodes,
      campaigns: this.campaigns,
      leads: this.leads,
      scans: this.scans,
      trash: this.trash,
      idempotency: this.idempotency.filter((r) => r.state === 'done'),
      takenShortCodes: this.takenShortCodes,
      rules: this.rules,
      clockOffsetMs: this.clockOffsetMs,
    };
  }

  // ---- change notification (persistence) -------------------------------------------------
  onChange(fn: () => void): void {
    this.listeners.push(fn);
  }
  /** Call after mutating outside a write request (the framework calls it after POST/PATCH/DELETE). */
  changed(): void {
    for (const fn of this.listeners) fn();
  }

  // ---- clock ---------------------------------------------------------------------------------
  now(): number {
    return this.clock();
  }
  /** ISO 8601 UTC with milliseconds, from the emulator clock. */
  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  // ---- ids and short codes ---------------------------------------------------------------
  randomString(length: number, alphabet = ALNUM): string {
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.random() * alphabet.length)];
    return s;
  }
  /** New id with a prefix: newId('crd') → crd_XXXXXXXXXXXXXXXX (unique in the store). */
  newId(prefix: 'crd' | 'qr' | 'tpl' | 'cmp' | 'lead' | 'scn' | 'key' | string): string {
    // 16 random characters (62^16) cannot meet a seeded id (readable names) in practice; the set
    // guards against the generator repeating itself without scanning every collection (O(1) per id).
    for (;;) {
      const id = `${prefix}_${this.randomString(16)}`;
      if (!this.issuedIds.has(id)) {
        this.issuedIds.add(id);
        return id;
      }
    }
  }
  private readonly issuedIds = new Set<string>();
  isReservedShortCode(code: string): boolean {
    const c = code.toLowerCase();
    return SPEC_RESERVED_SHORT_CODES.includes(c) || this.rules.reservedShortCodes.includes(c);
  }
  /** True when a card or QR code (live or in Trash, any account) or another customer holds it. */
  isShortCodeTaken(code: string): boolean {
    const c = code.toLowerCase();
    const ix = this.indexes;
    return (
      ix.cardCodes.has(this.cards, c) ||
      ix.qrCodes.has(this.qrCodes, c) ||
      ix.trashCodes.has(this.trash, c) ||
      ix.takenCodes.has(this.takenShortCodes, c)
    );
  }
  /** O(1) lookups that follow their collections (indexes.ts). */
  private readonly indexes = {
    cardCodes: new GrowingIndex<CardRecord, string>((r) => r.shortCode.toLowerCase()),
    qrCodes: new GrowingIndex<QrRecord, string>((r) => r.shortCode.toLowerCase()),
    trashCodes: new GrowingIndex<TrashEntry, string>((t) => t.record.shortCode.toLowerCase()),
    takenCodes: new GrowingIndex<string, string>((t) => t.toLowerCase()),
    externalIds: new GrowingIndex<CardRecord, string>((c) =>
      c.campaignId && c.externalId !== null ? `${c.campaignId}\0${c.externalId}` : undefined,
    ),
    idempotency: new GrowingIndex<IdempotencyRecord, string>((r) => `${r.apiKeyId}\0${r.key}`),
    // accountId and paused are fixed at creation, so the counts can follow the array.
    cardsPerAccount: new GrowingTally<CardRecord>((c) => c.accountId),
    unpausedCardsPerAccount: new GrowingTally<CardRecord>((c) => (c.paused ? undefined : c.accountId)),
  };
  /** The idempotency record of an API key's Idempotency-Key. */
  idempotencyRecord(apiKeyId: string, key: string): IdempotencyRecord | undefined {
    return this.indexes.idempotency.get(this.idempotency, `${apiKeyId}\0${key}`);
  }
  /** Random free 8-character short code. */
  randomShortCode(): string {
    for (;;) {
      const code = this.randomString(8, SHORT);
      if (!this.isShortCodeTaken(code) && !this.isReservedShortCode(code)) return code;
    }
  }

  // ---- accounts, plans, keys -------------------------------------------------------------
  account(id: string): AccountRecord | undefined {
    return this.accounts.find((a) => a.id === id);
  }
  plan(account: AccountRecord): PlanDef {
    return (
      (Object.hasOwn(PLANS, account.plan) ? PLANS[account.plan] : undefined) ?? {
        id: account.plan,
        name: account.plan,
        api: false,
        breakdowns: false,
        historyDays: 30,
      }
    );
  }
  keyBySecret(secret: string): ApiKeyRecord | undefined {
    return this.apiKeys.find((k) => k.secret === secret);
  }
  /** Public base used in url/vcardUrl: the account's custom domain, or the emulator host. */
  publicBaseFor(accountId: string): string {
    return (this.account(accountId)?.publicBase ?? this.publicBase).replace(/\/+$/, '');
  }

  // ---- lookups scoped to one account (a record of another account is "absent") -----------
  card(accountId: string, id: string): CardRecord | undefined {
    return this.cards.find((r) => r.id === id && r.accountId === accountId);
  }
  qrCode(accountId: string, id: string): QrRecord | undefined {
    return this.qrCodes.find((r) => r.id === id && r.accountId === accountId);
  }
  template(accountId: string, id: string): TemplateRecord | undefined {
    return this.templates.find((r) => r.id === id && r.accountId === accountId);
  }
  campaign(accountId: string, id: string): CampaignRecord | undefined {
    return this.campaigns.find((r) => r.id === id && r.accountId === accountId);
  }
  lead(accountId: string, id: string): LeadRecord | undefined {
    return this.leads.find((r) => r.id === id && r.accountId === accountId);
  }
  cardsOf(accountId: string): CardRecord[] {
    return this.cards.filter((r) => r.accountId === accountId);
  }
  qrCodesOf(accountId: string): QrRecord[] {
    return this.qrCodes.filter((r) => r.accountId === accountId);
  }
  leadsOf(accountId: string): LeadRecord[] {
    return this.leads.filter((r) => r.accountId === accountId);
  }
  scansFor(targetId: string): ScanRecord[] {
    return this.scans.filter((s) => s.targetId === targetId);
  }
  scanCount(targetId: string): number {
    let n = 0;
    for (const s of this.scans) if (s.targetId === targetId) n++;
    return n;
  }
  /** Live (not trashed) card or QR code holding this short code, any account. */
  byShortCode(code: string): { kind: 'card'; record: CardRecord } | { kind: 'qr_code'; record: QrRecord } | undefined {
    const c = code.toLowerCase();
    const card = this.cards.find((r) => r.shortCode.toLowerCase() === c);
    if (card) return { kind: 'card', record: card };
    const qr = this.qrCodes.find((r) => r.shortCode.toLowerCase() === c);
    return qr ? { kind: 'qr_code', record: qr } : undefined;
  }

  // ---- allowances -------------------------------------------------------------------------
  /** Cards counting against the plan's card allowance (live cards; Trash does not count). */
  cardsUsed(accountId: string): number {
    return this.indexes.cardsPerAccount.count(this.cards, accountId);
  }
  /** Live QR codes counting against the QR allowance (not archived, not in Trash). */
  qrCodesUsed(accountId: string): number {
    return this.qrCodesOf(accountId).filter((q) => q.status !== 'archived').length;
  }
  canCreateCard(accountId: string): boolean {
    const a = this.account(accountId);
    return !!a && this.cardsUsed(accountId) < a.cardAllowance;
  }
  /** Cards the plan covers: `coveredCards`, or the whole card allowance when unset. */
  coveredCards(accountId: string): number {
    const a = this.account(accountId);
    return a ? (a.coveredCards ?? a.cardAllowance) : 0;
  }
  /** Whether a card created now would be covered by the plan (else it is created with paused: true). */
  newCardIsCovered(accountId: string): boolean {
    return this.indexes.unpausedCardsPerAccount.count(this.cards, accountId) < this.coveredCards(accountId);
  }
  canCreateQrCode(accountId: string): boolean {
    const a = this.account(accountId);
    return !!a && this.qrCodesUsed(accountId) < a.qrAllowance;
  }

  // ---- trash ------------------------------------------------------------------------------
  /** Move a card to Trash (its short code and external id stay held). */
  trashCard(card: CardRecord): void {
    this.cards = this.cards.filter((r) => r !== card);
    this.trash.push({ kind: 'card', deletedAt: this.nowIso(), record: card });
  }
  trashQrCode(qr: QrRecord): void {
    this.qrCodes = this.qrCodes.filter((r) => r !== qr);
    this.trash.push({ kind: 'qr_code', deletedAt: this.nowIso(), record: qr });
  }
  trashedCards(): CardRecord[] {
    return this.trash.flatMap((t) => (t.kind === 'card' ? [t.record] : []));
  }

  // ---- templates and campaigns -------------------------------------------------------------
  /** Fingerprint of a template's current rules; a campaign is stale when it differs from activatedFingerprint. */
  templateFingerprint(template: TemplateRecord): string {
    return templateFingerprint(template);
  }
  campaignIsStale(campaign: CampaignRecord): boolean {
    if (!campaign.api) return false;
    const tpl = this.templates.find((t) => t.id === campaign.templateId);
    return !!tpl && this.templateFingerprint(tpl) !== campaign.api.activatedFingerprint;
  }
  /** Cards created by a campaign with this identifier (live), and in Trash. */
  campaignCardByExternalId(campaignId: string, externalId: string): { live?: CardRecord; trashed?: CardRecord } {
    return {
      live: this.indexes.externalIds.get(this.cards, `${campaignId}\0${externalId}`),
      trashed: this.trashedCards().find((c) => c.campaignId === campaignId && c.externalId === externalId),
    };
  }
}

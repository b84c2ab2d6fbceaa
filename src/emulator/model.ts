// Record types of the emulator's data model, plan definitions, scopes and reserved words.
// Records keep the API's field names so serialisers (serialize.ts) stay thin; fields that the
// API never shows (accountId, everPublished, design, ...) are internal and dropped on output.

export const SCOPES = {
  'cards:read': 'List and retrieve cards, wallet links, campaigns, campaign schema; image download',
  'cards:write': 'Create, update and delete cards; campaign dry run and campaign card creation',
  'qr:read': 'List and retrieve QR codes; image download',
  'qr:write': 'Create, update and delete QR codes',
  'analytics:read': 'Analytics endpoints',
  'leads:read': 'Leads endpoints',
  'templates:read': 'Template endpoints',
} as const;
export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export interface PlanDef {
  id: string;
  name: string;
  api: boolean; // REST API access (plan gate)
  breakdowns: boolean; // topCountries / devices in scan_stats
  historyDays: number; // analytics history the plan keeps; -1 = unlimited
}

export const PLANS: Record<string, PlanDef> = {
  pro: { id: 'pro', name: 'Pro', api: true, breakdowns: true, historyDays: -1 },
  business_card: { id: 'business_card', name: 'Business card', api: true, breakdowns: false, historyDays: 90 },
  starter: { id: 'starter', name: 'Starter', api: false, breakdowns: false, historyDays: 30 },
  free: { id: 'free', name: 'Free', api: false, breakdowns: false, historyDays: 7 },
};

/**
 * Words the platform keeps for itself; a shortCode equal to one (case-insensitive) is refused. The spec
 * names five ("such as login, dashboard, api, pricing, help"); the rest is not shown, so it is seed
 * configuration (`rules.reservedShortCodes`, readable via GET /_emulator/state), and this is its default.
 */
export const SPEC_RESERVED_SHORT_CODES: readonly string[] = ['login', 'dashboard', 'api', 'pricing', 'help'];
export const RESERVED_SHORT_CODES: readonly string[] = [
  'login',
  'logout',
  'signin',
  'signup',
  'register',
  'dashboard',
  'api',
  'pricing',
  'help',
  'admin',
  'app',
  'www',
  'support',
  'settings',
  'account',
  'billing',
  'docs',
  'blog',
  'about',
  'contact',
  'terms',
  'privacy',
  'status',
  'static',
  'assets',
  'c',
  'p',
  'v1',
  'mail',
  'root',
  'emulator',
  '_emulator',
  'wallet',
  'vcard',
  'new',
  'edit',
  'null',
  'undefined',
];

export const STATUSES = ['draft', 'published', 'paused', 'archived'] as const;
export type Status = (typeof STATUSES)[number];
export const QR_TYPES = ['url', 'file', 'page', 'gs1'] as const;
export type QrType = (typeof QR_TYPES)[number];
export const FIELD_MODES = ['locked', 'prefilled', 'required', 'optional', 'hidden'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];
export const CAMPAIGN_STATUSES = ['active', 'draft', 'paused', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const LEAD_SOURCES = ['form', 'exchange', 'scan', 'manual'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const HUBSPOT_STATUSES = [
  'sent',
  'pending',
  'retrying',
  'failed',
  'held_locked',
  'held_plan',
  'held_disconnected',
  'skipped_no_email',
  'expired',
] as const;
export type HubspotStatus = (typeof HUBSPOT_STATUSES)[number];

export interface AccountRecord {
  id: string;
  email: string;
  name: string;
  plan: string; // key of PLANS
  publicBase: string | null; // custom domain (e.g. https://cards.acme.example); null = emulator host
  cardAllowance: number;
  qrAllowance: number;
  /**
   * Cards the plan covers (open to visitors). Absent or null: every card within `cardAllowance`. A card
   * created while this many live cards are already covered still counts against the allowance but comes
   * back `paused: true` (its URL does not open).
   */
  coveredCards?: number | null;
  /** A closed account: every key of it answers 401 invalid_api_key (api-spec Authentication 4). */
  closed?: boolean;
}

export interface ApiKeyRecord {
  id: string;
  name: string; // seed name: full, readonly, ... (also shown by GET /me)
  secret: string;
  accountId: string;
  scopes: Scope[];
  campaignId: string | null; // campaign-scoped key
  revoked: boolean;
  requestsPerMinute: number;
  /** Expired keys answer 401 invalid_api_key (api-spec Authentication 4). */
  expiresAt?: string | null;
  createdAt: string;
}

export interface LabeledValue {
  label: string;
  value: string;
}
export interface CardLink {
  type: string;
  url: string;
}
export interface CardAddress {
  street?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string;
}
export interface CardFields {
  firstName?: string;
  lastName?: string;
  title?: string;
  company?: string;
  bio?: string;
  photoUrl?: string;
  companyLogoUrl?: string;
  emails?: LabeledValue[];
  phones?: LabeledValue[];
  links?: CardLink[];
  address?: CardAddress;
  [key: string]: unknown;
}

export interface QrDesign {
  foreground: string;
  background: string;
  frame: string | null;
}

export interface CardRecord {
  object: 'card';
  id: string;
  accountId: string;
  name: string;
  shortCode: string;
  status: Status;
  templateId: string | null;
  externalId: string | null;
  campaignId: string | null; // internal: the campaign that created it
  paused: boolean;
  everPublished: boolean; // internal: drives draft preview on the public page
  design: QrDesign; // internal: QR image design saved in the dashboard
  fields: CardFields;
  createdAt: string;
  updatedAt: string;
}

export interface QrRecord {
  object: 'qr_code';
  id: string;
  accountId: string;
  name: string;
  type: QrType;
  status: Status;
  shortCode: string;
  destinationUrl: string;
  paused: boolean;
  everPublished: boolean;
  design: QrDesign;
  createdAt: string;
  updatedAt: string;
}

export interface TemplateFieldRule {
  mode: FieldMode;
  value?: unknown;
}
export interface SchemaSection {
  key: string;
  label: string;
  kind: string;
  max: number;
  props: { prop: string; label: string }[];
}
export interface SchemaBlock {
  id: string;
  type: string;
  props: { prop: string; value: unknown }[];
}

export interface TemplateRecord {
  object: 'card_template';
  id: string;
  accountId: string;
  name: string;
  policy: { theme: string; blocks: string; fields: Record<string, TemplateFieldRule> };
  sections: SchemaSection[]; // internal: list-like sections the template supports (campaign schema)
  blocks: SchemaBlock[]; // internal: content blocks (campaign schema)
  createdAt: string;
  updatedAt: string;
}

/** One mapping rule of a mapped campaign: take the value at `from` in the caller's record. */
export interface MappingRule {
  from: string; // dotted path in the caller's record (digits index arrays: "phones.0.number")
  to: string; // card field key, "address.<sub>", or a section: emails | phones | links
  label?: string; // for emails / phones
  type?: string; // for links
}
export interface ShortLinkRule {
  from?: string; // take the short code from this record path
  pattern?: string; // or build it from resolved card fields: "{firstName}-{lastName}"
}
export interface CampaignApiConfig {
  payloadMode: 'native' | 'mapped';
  strictKeys: boolean;
  activatedFingerprint: string;
  activatedAt: string;
  externalIdPath: string | null; // mapped mode: dotted path of the identifier (native: top-level externalId)
  rules: MappingRule[]; // mapped mode only
  shortLink: ShortLinkRule | null; // mapped mode only; null = random short code
}

export interface CampaignRecord {
  object: 'campaign';
  id: string;
  accountId: string;
  name: string;
  status: CampaignStatus;
  apiEnabled: boolean;
  templateId: string;
  api: CampaignApiConfig | null; // null: API configuration never activated → 409 api_not_configured
  createdAt: string;
}

export interface LeadRecord {
  object: 'lead';
  id: string;
  accountId: string;
  cardId: string;
  cardName: string;
  source: LeadSource;
  trigger: string;
  formName: string;
  createdAt: string;
  read: boolean;
  archived: boolean;
  locked: boolean;
  contact: { name: string; email: string; phone: string; company: string; title: string } | null;
  answers: { fieldId: string; label: string; type: string; value: unknown }[];
  marketingOptIn: boolean | null;
  consentAt: string | null;
  country: string;
  city: string;
  hubspot: {
    status: HubspotStatus;
    sentAt: string | null;
    nextAttemptAt: string | null;
    contactUrl: string | null;
    error: string | null;
  } | null;
}

export interface ScanRecord {
  id: string;
  accountId: string;
  targetId: string; // card or QR code id
  at: string;
  country: string; // two-letter code
  city: string;
  device: string; // iOS, Android, Windows, macOS, Other
  visitorId: string;
}

export type TrashEntry =
  { kind: 'card'; deletedAt: string; record: CardRecord } | { kind: 'qr_code'; deletedAt: string; record: QrRecord };

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  json?: unknown;
  bodyBase64?: string;
}
export interface IdempotencyRecord {
  apiKeyId: string;
  key: string;
  fingerprint: string; // method + path + query + canonical body
  state: 'in_flight' | 'done';
  createdAt: string;
  response: StoredResponse | null;
}

/** The whole persisted state (what statePath holds and GET /_emulator/state returns). */
export interface StoreData {
  version: 1;
  accounts: AccountRecord[];
  apiKeys: ApiKeyRecord[];
  templates: TemplateRecord[];
  cards: CardRecord[];
  qrCodes: QrRecord[];
  campaigns: CampaignRecord[];
  leads: LeadRecord[];
  scans: ScanRecord[];
  trash: TrashEntry[];
  idempotency: IdempotencyRecord[];
  takenShortCodes: string[]; // held by other customers of the service (unique service-wide)
  rules: ServiceRules;
  clockOffsetMs: number;
}

/**
 * What the spec leaves "not shown", kept as seed configuration (never a response field): each value is
 * readable through GET /_emulator/state and settable in a seed's `rules`.
 */
export interface ServiceRules {
  /** Reserved short codes (api-spec Errors: reserved_short_link "such as login, dashboard, api, pricing, help"). */
  reservedShortCodes: string[];
  /** Allowed `links[].type` values (api-spec card fields: "enumerated string; website and linkedin occur"); null = any. */
  linkTypes: string[] | null;
}

export const DEFAULT_LINK_TYPES: readonly string[] = [
  'website',
  'linkedin',
  'x',
  'twitter',
  'facebook',
  'instagram',
  'youtube',
  'tiktok',
  'github',
  'xing',
  'whatsapp',
  'telegram',
  'calendly',
  'email',
  'phone',
  'other',
];

export const defaultRules = (): ServiceRules => ({
  reservedShortCodes: [...RESERVED_SHORT_CODES],
  linkTypes: [...DEFAULT_LINK_TYPES],
});

// Seed files: a zod schema (with defaults, so seeds stay short), readable validation errors and
// cross-reference checks. seed-data.ts turns a parsed seed into the store's StoreData.
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import {
  ALL_SCOPES,
  CAMPAIGN_STATUSES,
  FIELD_MODES,
  HUBSPOT_STATUSES,
  LEAD_SOURCES,
  PLANS,
  QR_TYPES,
  STATUSES,
  type Scope,
} from './model.js';
import { SHORT_CODE_RE } from './store.js';

// Any timestamp Date.parse reads, kept as the API writes them (milliseconds, Z): a seed's
// "2026-03-01T10:15:00Z" is served as "2026-03-01T10:15:00.000Z", never off the contract.
export const iso = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO 8601 timestamp')
  .transform((s) => new Date(s).toISOString());
const idOf = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9_-]+$`), `expected an id starting with ${prefix}_`);
const design = z.strictObject({
  foreground: z.string(),
  background: z.string(),
  frame: z.string().nullable().default(null),
});
const labeled = z.strictObject({ label: z.string(), value: z.string() });

const Fields = z.looseObject({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  title: z.string().optional(),
  company: z.string().optional(),
  bio: z.string().optional(),
  photoUrl: z.string().optional(),
  companyLogoUrl: z.string().optional(),
  emails: z.array(labeled).optional(),
  phones: z.array(labeled).optional(),
  links: z.array(z.strictObject({ type: z.string(), url: z.string() })).optional(),
  address: z.record(z.string(), z.string()).optional(),
});

const Account = z.strictObject({
  id: idOf('acc'),
  email: z.string().email(),
  name: z.string().default(''),
  plan: z.string().refine((p) => p in PLANS, `expected a plan: ${Object.keys(PLANS).join(', ')}`),
  publicBase: z.string().url().nullable().default(null),
  cardAllowance: z.number().int().nonnegative().default(100),
  qrAllowance: z.number().int().nonnegative().default(100),
  coveredCards: z.number().int().nonnegative().nullable().optional(),
  closed: z.boolean().optional(),
});
const Key = z.strictObject({
  name: z.string().min(1),
  id: idOf('key').optional(),
  secret: z.string().min(8),
  accountId: idOf('acc').optional(),
  scopes: z.array(z.enum(ALL_SCOPES as [Scope, ...Scope[]])).default(ALL_SCOPES),
  campaignId: idOf('cmp').nullable().default(null),
  revoked: z.boolean().default(false),
  requestsPerMinute: z.number().int().positive().default(60),
  createdAt: iso.optional(),
  expiresAt: iso.nullable().optional(),
});
const Template = z.strictObject({
  id: idOf('tpl'),
  accountId: idOf('acc').optional(),
  name: z.string().min(1),
  policy: z.strictObject({
    theme: z.string().default('locked'),
    blocks: z.string().default('reorder_only'),
    fields: z.record(z.string(), z.strictObject({ mode: z.enum(FIELD_MODES), value: z.unknown().optional() })),
  }),
  sections: z
    .array(
      z.strictObject({
        key: z.string(),
        label: z.string(),
        kind: z.string(),
        max: z.number().int(),
        props: z.array(z.strictObject({ prop: z.string(), label: z.string() })),
      }),
    )
    .default([]),
  blocks: z
    .array(
      z.strictObject({
        id: z.string(),
        type: z.string(),
        props: z.array(z.strictObject({ prop: z.string(), value: z.unknown() })),
      }),
    )
    .default([]),
  createdAt: iso.optional(),
  updatedAt: iso.optional(),
});
const Card = z.strictObject({
  id: idOf('crd'),
  accountId: idOf('acc').optional(),
  name: z.string().min(1).max(200).optional(),
  shortCode: z.string().regex(SHORT_CODE_RE, 'letters, numbers and hyphens, up to 100'),
  status: z.enum(STATUSES).default('published'),
  templateId: idOf('tpl').nullable().default(null),
  externalId: z.string().nullable().default(null),
  campaignId: idOf('cmp').nullable().default(null),
  paused: z.boolean().default(false),
  everPublished: z.boolean().optional(),
  design: design.optional(),
  fields: Fields.default({}),
  createdAt: iso.optional(),
  updatedAt: iso.optional(),
  deletedAt: iso.optional(), // set: the card is in Trash
});
const QrCode = z.strictObject({
  id: idOf('qr'),
  accountId: idOf('acc').optional(),
  name: z.string().min(1).max(200),
  type: z.enum(QR_TYPES).default('url'),
  status: z.enum(STATUSES).default('published'),
  shortCode: z.string().regex(SHORT_CODE_RE, 'letters, numbers and hyphens, up to 100'),
  destinationUrl: z.string().regex(/^https?:\/\/\S+$/, 'expected a full http or https URL'),
  paused: z.boolean().default(false),
  everPublished: z.boolean().optional(),
  design: design.optional(),
  createdAt: iso.optional(),
  updatedAt: iso.optional(),
  deletedAt: iso.optional(),
});
const Campaign = z.strictObject({
  id: idOf('cmp'),
  accountId: idOf('acc').optional(),
  name: z.string().min(1),
  status: z.enum(CAMPAIGN_STATUSES).default('active'),
  apiEnabled: z.boolean().default(true),
  templateId: idOf('tpl'),
  createdAt: iso.optional(),
  api: z
    .strictObject({
      payloadMode: z.enum(['native', 'mapped']),
      strictKeys: z.boolean().default(false),
      activatedFingerprint: z.string().optional(),
      activatedAt: iso.optional(),
      externalIdPath: z.string().nullable().default(null),
      rules: z
        .array(
          z.strictObject({
            from: z.string().min(1),
            to: z.string().min(1),
            label: z.string().optional(),
            type: z.string().optional(),
          }),
        )
        .default([]),
      shortLink: z
        .strictObject({ from: z.string().optional(), pattern: z.string().optional() })
        .nullable()
        .default(null),
    })
    .nullable()
    .default(null),
});
export const LeadSeed = z.strictObject({
  id: idOf('lead'),
  accountId: idOf('acc').optional(),
  cardId: z.string(),
  cardName: z.string().optional(),
  source: z.enum(LEAD_SOURCES),
  trigger: z.string().default('after_save'),
  formName: z.string().default(''),
  createdAt: iso,
  read: z.boolean().default(false),
  archived: z.boolean().default(false),
  locked: z.boolean().default(false),
  contact: z
    .strictObject({ name: z.string(), email: z.string(), phone: z.string(), company: z.string(), title: z.string() })
    .nullable()
    .default(null),
  answers: z
    .array(z.strictObject({ fieldId: z.string(), label: z.string(), type: z.string(), value: z.unknown() }))
    .default([]),
  marketingOptIn: z.boolean().nullable().default(null),
  consentAt: iso.nullable().default(null),
  country: z.string().length(2).default('US'),
  city: z.string().default(''),
  hubspot: z
    .strictObject({
      status: z.enum(HUBSPOT_STATUSES),
      sentAt: iso.nullable().default(null),
      nextAttemptAt: iso.nullable().default(null),
      contactUrl: z.string().nullable().default(null),
      error: z.string().nullable().default(null),
    })
    .nullable()
    .default(null),
});
export const ScanSeed = z.strictObject({
  id: z.string().optional(),
  accountId: idOf('acc').optional(),
  targetId: z.string(),
  at: iso,
  country: z.string().length(2).default('US'),
  city: z.string().default(''),
  device: z.string().default('iOS'),
  visitorId: z.string().optional(),
});

export const SeedSchema = z.strictObject({
  accounts: z.array(Account).min(1),
  keys: z.array(Key).default([]),
  templates: z.array(Template).default([]),
  cards: z.array(Card).default([]),
  qrCodes: z.array(QrCode).default([]),
  campaigns: z.array(Campaign).default([]),
  leads: z.array(LeadSeed).default([]),
  scans: z.array(ScanSeed).default([]),
  /** Short codes held by other customers of the service (unique service-wide). */
  takenShortCodes: z.array(z.string()).default([]),
  /** What the spec leaves "not shown" (model.ts ServiceRules); defaults: defaultRules(). */
  rules: z
    .strictObject({
      reservedShortCodes: z
        .array(
          z
            .string()
            .min(1)
            .transform((w) => w.toLowerCase()),
        )
        .optional(),
      linkTypes: z.array(z.string().min(1)).nullable().optional(),
    })
    .optional(),
});
/** A seed as written (defaults may be omitted). */
export type Seed = z.input<typeof SeedSchema>;
export type ParsedSeed = z.output<typeof SeedSchema>;

export class SeedError extends Error {
  constructor(
    readonly problems: string[],
    source = 'seed',
  ) {
    super(`Invalid ${source}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SeedError';
  }
}

/** `cards[3] (crd_x).fields.emails[0].value` — readable path with the item's id when it has one. */
export function formatPath(input: unknown, path: PropertyKey[]): string {
  let out = '';
  let node: unknown = input;
  for (const seg of path) {
    node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[seg] : undefined;
    if (typeof seg === 'number') {
      const id = node && typeof node === 'object' ? (node as { id?: unknown }).id : undefined;
      out += `[${seg}]${typeof id === 'string' && out.split('.').length === 1 ? ` (${id})` : ''}`;
    } else out += (out ? '.' : '') + String(seg);
  }
  return out || '(root)';
}

/** Validate a seed object; throws SeedError listing every problem with a readable path. */
export function parseSeed(input: unknown, source = 'seed'): ParsedSeed {
  const r = SeedSchema.safeParse(input);
  if (!r.success) {
    throw new SeedError(
      r.error.issues.map((i) => {
        const extra = i.code === 'unrecognized_keys' ? ` (${i.keys.join(', ')})` : '';
        return `${formatPath(input, i.path)}: ${i.message}${extra}`;
      }),
      source,
    );
  }
  const problems = crossCheck(r.data);
  if (problems.length) throw new SeedError(problems, source);
  return r.data;
}

const SEED_MAX_BYTES = 64 * 1024 * 1024;

/** Read and validate a seed JSON file. */
export function loadSeedFile(path: string): ParsedSeed {
  let json: unknown;
  // A seed is data for tests and demos: past 64 MiB (or a device such as /dev/zero) it is not read.
  const st = statSync(path, { throwIfNoEntry: false });
  if (st && (!st.isFile() || st.size > SEED_MAX_BYTES))
    throw new SeedError(
      [st.isFile() ? `larger than ${SEED_MAX_BYTES / (1024 * 1024)} MiB` : 'not a regular file'],
      `seed file ${path}`,
    );
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new SeedError([`cannot read JSON: ${(e as Error).message}`], `seed file ${path}`);
  }
  return parseSeed(json, `seed file ${path}`);
}

function crossCheck(s: ParsedSeed): string[] {
  const problems: string[] = [];
  const ids = (name: string, items: { id?: string }[]) => {
    const seen = new Set<string>();
    items.forEach((it, i) => {
      if (it.id && seen.has(it.id)) problems.push(`${name}[${i}].id: duplicate id ${it.id}`);
      if (it.id) seen.add(it.id);
    });
    return seen;
  };
  const accounts = ids('accounts', s.accounts);
  const templates = ids('templates', s.templates);
  const cards = ids('cards', s.cards);
  const qrs = ids('qrCodes', s.qrCodes);
  const campaigns = ids('campaigns', s.campaigns);
  ids('leads', s.leads);
  const need = (path: string, id: string | null | undefined, set: Set<string>, what: string) => {
    if (id && !set.has(id)) problems.push(`${path}: unknown ${what} ${id}`);
  };
  const secrets = new Set<string>();
  const names = new Set<string>();
  s.keys.forEach((k, i) => {
    if (secrets.has(k.secret)) problems.push(`keys[${i}].secret: duplicate secret`);
    if (names.has(k.name)) problems.push(`keys[${i}].name: duplicate key name ${k.name}`);
    secrets.add(k.secret);
    names.add(k.name);
    need(`keys[${i}].accountId`, k.accountId, accounts, 'account');
    need(`keys[${i}].campaignId`, k.campaignId, campaigns, 'campaign');
  });
  const codes = new Set<string>();
  const code = (path: string, c: string) => {
    if (codes.has(c.toLowerCase())) problems.push(`${path}: short code ${c} is used twice`);
    codes.add(c.toLowerCase());
  };
  s.templates.forEach((t, i) => need(`templates[${i}].accountId`, t.accountId, accounts, 'account'));
  s.cards.forEach((c, i) => {
    need(`cards[${i}].accountId`, c.accountId, accounts, 'account');
    need(`cards[${i}].templateId`, c.templateId, templates, 'template');
    need(`cards[${i}].campaignId`, c.campaignId, campaigns, 'campaign');
    code(`cards[${i}].shortCode`, c.shortCode);
  });
  s.qrCodes.forEach((q, i) => {
    need(`qrCodes[${i}].accountId`, q.accountId, accounts, 'account');
    code(`qrCodes[${i}].shortCode`, q.shortCode);
  });
  s.campaigns.forEach((c, i) => need(`campaigns[${i}].templateId`, c.templateId, templates, 'template'));
  const targets = new Set([...cards, ...qrs]);
  s.leads.forEach((l, i) => need(`leads[${i}].cardId`, l.cardId, targets, 'card or QR code'));
  s.scans.forEach((sc, i) => need(`scans[${i}].targetId`, sc.targetId, targets, 'card or QR code'));
  return problems;
}

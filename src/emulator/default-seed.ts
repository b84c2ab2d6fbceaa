// The built-in seed: one Pro account (Acme Robotics) with templates, cards, QR codes, campaigns, leads
// and a year of scans, plus a second account on a plan without API access. Ids and key secrets are
// fixed; timestamps are relative to the start of the current UTC day so analytics always has data.
import { ALL_SCOPES, type Scope } from './model.js';
import { seedLeads, seedScans } from './default-seed-activity.js';
import type { Seed } from './seed.js';

type SeedTemplate = NonNullable<Seed['templates']>[number];
type SeedCard = NonNullable<Seed['cards']>[number];
type SeedQr = NonNullable<Seed['qrCodes']>[number];

export const DEFAULT_KEYS = {
  full: 'cq_live_full_7Q2mX9vKp4Lr8TzWc5Ne',
  readonly: 'cq_live_readonly_3HfN8bYc1DsQ6uJe',
  qronly: 'cq_live_qronly_5KwP2nVx9GtR4aMzq',
  campaign: 'cq_live_campaign_8LsD3fHj6QpW1yBn',
  revoked: 'cq_live_revoked_2ZxC7vBn4MqL9kJh',
  noapi: 'cq_live_noapi_6TyU1iOp8AsD5fGhR',
} as const;

const DAY = 86_400_000;
export const startOfUtcDay = (t: number): number => Math.floor(t / DAY) * DAY;

const SECTIONS = {
  emails: { key: 'emails', label: 'Email addresses', kind: 'list', max: 3, props: [{ prop: 'label', label: 'Label' }, { prop: 'value', label: 'Email' }] },
  phones: { key: 'phones', label: 'Phone numbers', kind: 'list', max: 3, props: [{ prop: 'label', label: 'Label' }, { prop: 'value', label: 'Number' }] },
  links: { key: 'links', label: 'Links', kind: 'list', max: 5, props: [{ prop: 'type', label: 'Type' }, { prop: 'url', label: 'URL' }] },
  address: { key: 'address', label: 'Address', kind: 'object', max: 1, props: [{ prop: 'street', label: 'Street' }, { prop: 'city', label: 'City' }, { prop: 'postalCode', label: 'Postal code' }, { prop: 'country', label: 'Country' }] },
};
const BLOCKS = [
  { id: 'blk_header', type: 'header', props: [{ prop: 'layout', value: 'centered' }] },
  { id: 'blk_contact', type: 'contact_buttons', props: [{ prop: 'showSaveContact', value: true }, { prop: 'showExchange', value: true }] },
  { id: 'blk_form', type: 'lead_form', props: [{ prop: 'formName', value: 'Stay in touch' }] },
];
const LOGO = 'https://cdn.acme-robotics.example/brand/logo-dark.png';
const SITE = [{ type: 'website', url: 'https://acme-robotics.example' }];

export function defaultSeed(opts: { now?: number } = {}): Seed {
  const anchor = startOfUtcDay(opts.now ?? Date.now());
  const at = (daysAgo: number, hour = 9, minute = 0) =>
    new Date(anchor - daysAgo * DAY + hour * 3_600_000 + minute * 60_000).toISOString();
  const readScopes = ALL_SCOPES.filter((s) => s.endsWith(':read'));

  const key = (name: keyof typeof DEFAULT_KEYS, scopes: Scope[], rpm: number, extra: object = {}) =>
    ({ name, id: `key_${name}`, secret: DEFAULT_KEYS[name], scopes, requestsPerMinute: rpm, createdAt: at(200, 10), ...extra });

  const tpl = (id: string, name: string, fields: SeedTemplate['policy']['fields'], days: number, sections = [SECTIONS.emails, SECTIONS.phones, SECTIONS.links, SECTIONS.address]): SeedTemplate =>
    ({ id, name, policy: { theme: 'locked', blocks: 'reorder_only', fields }, sections, blocks: BLOCKS, createdAt: at(days, 14), updatedAt: at(Math.max(0, days - 20), 16) });

  const templates: SeedTemplate[] = [
    tpl('tpl_corporate', 'Acme corporate', {
      firstName: { mode: 'required' }, lastName: { mode: 'required' }, title: { mode: 'required' },
      company: { mode: 'locked', value: 'Acme Robotics' }, companyLogoUrl: { mode: 'locked', value: LOGO },
      photoUrl: { mode: 'optional' }, bio: { mode: 'hidden' }, emails: { mode: 'required' }, phones: { mode: 'optional' },
      links: { mode: 'prefilled', value: SITE }, address: { mode: 'prefilled', value: { city: 'Lyon', country: 'FR' } },
    }, 300),
    tpl('tpl_sales', 'Sales team', {
      firstName: { mode: 'required' }, lastName: { mode: 'required' }, title: { mode: 'prefilled', value: 'Account Executive' },
      company: { mode: 'locked', value: 'Acme Robotics' }, bio: { mode: 'optional' }, photoUrl: { mode: 'optional' },
      emails: { mode: 'required' }, phones: { mode: 'required' }, links: { mode: 'optional' }, address: { mode: 'hidden' },
    }, 280),
    tpl('tpl_event', 'RoboConf 2026 badge', {
      firstName: { mode: 'required' }, lastName: { mode: 'optional' }, title: { mode: 'optional' }, company: { mode: 'optional' },
      bio: { mode: 'hidden' }, photoUrl: { mode: 'hidden' }, emails: { mode: 'optional' }, phones: { mode: 'hidden' },
      links: { mode: 'optional' },
    }, 90, [SECTIONS.emails, SECTIONS.links]),
    tpl('tpl_cmp_onboarding', 'Employee onboarding', {
      firstName: { mode: 'required' }, lastName: { mode: 'required' }, title: { mode: 'optional' },
      company: { mode: 'locked', value: 'Acme Robotics' }, photoUrl: { mode: 'optional' }, bio: { mode: 'hidden' },
      emails: { mode: 'required' }, phones: { mode: 'optional' }, links: { mode: 'optional' }, address: { mode: 'optional' },
    }, 150),
    tpl('tpl_cmp_partners', 'Partner directory', {
      firstName: { mode: 'required' }, lastName: { mode: 'required' }, company: { mode: 'required' }, title: { mode: 'optional' },
      bio: { mode: 'optional' }, companyLogoUrl: { mode: 'optional' }, emails: { mode: 'required' }, phones: { mode: 'optional' },
      links: { mode: 'optional' }, address: { mode: 'optional' },
    }, 140),
    tpl('tpl_cmp_dealers', 'Dealer network EMEA', {
      firstName: { mode: 'required' }, lastName: { mode: 'required' }, company: { mode: 'required' },
      title: { mode: 'prefilled', value: 'Authorised dealer' }, emails: { mode: 'required' }, phones: { mode: 'required' },
      address: { mode: 'required' },
    }, 120, [SECTIONS.emails, SECTIONS.phones, SECTIONS.address]),
    tpl('tpl_cmp_interns', 'Summer interns 2026', {
      firstName: { mode: 'required' }, lastName: { mode: 'required' }, title: { mode: 'locked', value: 'Intern' },
      company: { mode: 'locked', value: 'Acme Robotics' }, emails: { mode: 'required' },
    }, 40, [SECTIONS.emails]),
    tpl('tpl_cmp_tradeshow', 'Trade show staff', {
      firstName: { mode: 'required' }, lastName: { mode: 'optional' }, company: { mode: 'locked', value: 'Acme Robotics' },
      phones: { mode: 'required' },
    }, 60, [SECTIONS.phones]),
    tpl('tpl_cmp_board', 'Board members', {
      firstName: { mode: 'required' }, lastName: { mode: 'required' }, title: { mode: 'required' }, bio: { mode: 'optional' },
    }, 30, []),
  ];

  const person = (first: string, last: string, title: string, company: string, email: string, phone: string, city: string, country: string, linkedin?: string) => ({
    firstName: first, lastName: last, title, company,
    emails: [{ label: 'Work', value: email }], phones: [{ label: 'Mobile', value: phone }],
    links: linkedin ? [{ type: 'website', url: 'https://acme-robotics.example' }, { type: 'linkedin', url: `linkedin.com/in/${linkedin}` }] : undefined,
    address: { city, country },
  });
  const card = (id: string, shortCode: string, days: number, fields: ReturnType<typeof person> & Record<string, unknown>, extra: Partial<SeedCard> = {}): SeedCard =>
    ({ id, shortCode, createdAt: at(days, 10, 15), updatedAt: at(Math.max(0, days - 3), 11, 40), fields: JSON.parse(JSON.stringify(fields)), ...extra });

  const cards: SeedCard[] = [
    card('crd_amelie', 'amelie-laurent', 210, { ...person('Amélie', 'Laurent', 'Head of Partnerships', 'Acme Robotics', 'amelie.laurent@acme-robotics.example', '+33 6 12 34 56 78', 'Lyon', 'FR', 'amelielaurent'), companyLogoUrl: LOGO, photoUrl: 'https://cdn.acme-robotics.example/people/amelie.jpg' }, { templateId: 'tpl_corporate' }),
    card('crd_kenji', 'kenji-watanabe', 190, { ...person('健二', '渡辺', 'Account Executive', 'Acme Robotics', 'kenji.watanabe@acme-robotics.example', '+81 90-1234-5678', 'Tokyo', 'JP', 'kenjiwatanabe'), bio: 'Robotics sales for Japan and Korea.' }, { templateId: 'tpl_sales', name: '渡辺 健二' }),
    card('crd_zoe', 'zoe-muller', 170, person('Zoë', 'Müller-Østergaard', 'Account Executive', 'Acme Robotics', 'zoe.muller@acme-robotics.example', '+45 20 12 34 56', 'Copenhagen', 'DK'), { templateId: 'tpl_sales' }),
    card('crd_jose', 'jose-alvarez', 160, { ...person('José', 'Álvarez Peña', 'Industrial designer', 'Estudio Álvarez', 'jose@estudio-alvarez.example', '+34 612 345 678', 'Madrid', 'ES', 'josealvarezpena'), bio: 'Designing friendly machines since 2009.' }),
    card('crd_ngozi', 'ngozi-okafor', 150, person('Ngozi', 'Okafor', 'Chief Technology Officer', 'Kora Labs', 'ngozi@koralabs.example', '+234 803 123 4567', 'Lagos', 'NG', 'ngoziokafor')),
    card('crd_priya', 'priya-r', 12, person('Priya', 'Raghunathan', 'Solutions Architect', 'Acme Robotics', 'priya.r@acme-robotics.example', '+91 98765 43210', 'Bengaluru', 'IN'), { templateId: 'tpl_corporate', status: 'draft', everPublished: false }),
    card('crd_oguz', 'oguz-yilmaz', 120, person('Oğuz', 'Yılmaz', 'Field Service Engineer', 'Acme Robotics', 'oguz.yilmaz@acme-robotics.example', '+90 532 123 45 67', 'İstanbul', 'TR'), { status: 'draft', everPublished: true }),
    card('crd_mateus', 'mateus-conceicao', 330, person('Mateus', 'Conceição', 'Regional Manager LATAM', 'Acme Robotics', 'mateus@acme-robotics.example', '+55 11 91234-5678', 'São Paulo', 'BR'), { status: 'archived' }),
    card('crd_aleksandra', 'aleksandra-w', 25, person('Aleksandra', 'Wiśniewska', 'Support Specialist', 'Acme Robotics', 'aleksandra.w@acme-robotics.example', '+48 512 345 678', 'Kraków', 'PL'), { paused: true }),
    card('crd_liam', 'liam-oconnor', 240, person('Liam', "O'Connor", 'Sales Director UK & Ireland', 'Acme Robotics', 'liam.oconnor@acme-robotics.example', '+353 87 123 4567', 'Dublin', 'IE', 'liamoconnor'), { status: 'paused' }),
    card('crd_fatima', 'fatima-al-sayed', 45, person('Fatima', 'Al-Sayed', 'Operations Analyst', 'Acme Robotics', 'fatima.alsayed@acme-robotics.example', '+971 50 123 4567', 'Dubai', 'AE', 'fatimaalsayed'), { templateId: 'tpl_cmp_onboarding', externalId: 'EMP-1001', campaignId: 'cmp_mapped' }),
    card('crd_chloe', 'chloe-dubois', 60, person('Chloé', 'Dubois', 'Partner Manager', 'Robotique Boréale', 'chloe@robotique-boreale.example', '+1 514 555 0142', 'Montréal', 'CA'), { templateId: 'tpl_cmp_partners', externalId: 'P-2001', campaignId: 'cmp_native' }),
    card('crd_sven', 'sven-lindqvist', 100, person('Sven', 'Lindqvist', 'Technician', 'Acme Robotics', 'sven@acme-robotics.example', '+46 70 123 45 67', 'Malmö', 'SE'), { templateId: 'tpl_cmp_onboarding', externalId: 'EMP-0999', campaignId: 'cmp_mapped', deletedAt: at(20, 15) }),
    card('crd_camille', 'camille-roux', 80, person('Camille', 'Roux', 'Chef & owner', 'Bistro Lumière', 'camille@bistro-lumiere.example', '+33 7 98 76 54 32', 'Bordeaux', 'FR'), { accountId: 'acc_bistro' }),
  ];

  const qr = (id: string, name: string, shortCode: string, destinationUrl: string, days: number, extra: Partial<SeedQr> = {}): SeedQr =>
    ({ id, name, shortCode, destinationUrl, createdAt: at(days, 13, 5), updatedAt: at(Math.max(0, days - 2), 9, 30), ...extra });
  const qrCodes: SeedQr[] = [
    qr('qr_roboconf', 'RoboConf 2026 booth', 'roboconf26', 'https://acme-robotics.example/events/roboconf-2026?utm_source=qr', 95, { design: { foreground: '#0B3D91', background: '#FFFFFF', frame: 'scan_me' } }),
    qr('qr_spec_sheet', 'AR-7 gripper spec sheet (PDF)', 'ar7-spec', 'https://files.cardqr.example/f/8d2k1q/ar7-spec-sheet.pdf', 250, { type: 'file' }),
    qr('qr_careers', 'Careers landing page', 'acme-careers', 'https://pages.cardqr.example/acme-careers', 220, { type: 'page' }),
    qr('qr_gs1', 'AR-7 gripper GTIN', 'ar7-gtin', 'https://id.gs1.org/01/09506000134352/10/LOT42', 200, { type: 'gs1' }),
    qr('qr_support', 'Support portal', 'acme-support', 'https://support.acme-robotics.example/', 340),
    qr('qr_feedback', 'Customer feedback survey', 'feedback-q4', 'https://forms.acme-robotics.example/feedback', 5, { status: 'draft', everPublished: false }),
    qr('qr_promo', 'Spring promo 2026', 'spring-promo', 'https://acme-robotics.example/promo/spring', 70, { status: 'paused' }),
    qr('qr_manual', 'Installation manual', 'ar7-manual', 'https://docs.acme-robotics.example/ar7/install', 30, { paused: true }),
    qr('qr_webinar', 'Webinar: warehouse automation 2025', 'webinar-2025', 'https://acme-robotics.example/webinars/2025-warehouse', 360, { status: 'archived' }),
    qr('qr_flyer', 'Trade show flyer 2024', 'flyer-2024', 'https://acme-robotics.example/flyer-2024', 365, { deletedAt: at(50, 8) }),
    qr('qr_lunch', 'Lunch menu', 'lumiere-lunch', 'https://bistro-lumiere.example/menu', 75, { accountId: 'acc_bistro' }),
  ];

  const onboardingRules = [
    { from: 'employee.givenName', to: 'firstName' }, { from: 'employee.familyName', to: 'lastName' },
    { from: 'employee.jobTitle', to: 'title' }, { from: 'employee.photoUrl', to: 'photoUrl' },
    { from: 'contact.workEmail', to: 'emails', label: 'Work' }, { from: 'contact.mobile', to: 'phones', label: 'Mobile' },
    { from: 'contact.deskPhone', to: 'phones', label: 'Office' }, { from: 'social.linkedin', to: 'links', type: 'linkedin' },
    { from: 'office.city', to: 'address.city' }, { from: 'office.country', to: 'address.country' },
  ];
  const dealerRules = [
    { from: 'contactFirstName', to: 'firstName' }, { from: 'contactLastName', to: 'lastName' }, { from: 'dealerName', to: 'company' },
    { from: 'email', to: 'emails', label: 'Work' }, { from: 'phone', to: 'phones', label: 'Office' },
    { from: 'location.street', to: 'address.street' }, { from: 'location.city', to: 'address.city' },
    { from: 'location.zip', to: 'address.postalCode' }, { from: 'location.countryCode', to: 'address.country' },
  ];

  return {
    accounts: [
      { id: 'acc_acme', email: 'it-admin@acme-robotics.example', name: 'Acme Robotics', plan: 'pro', publicBase: null, cardAllowance: 25, qrAllowance: 20 },
      { id: 'acc_bistro', email: 'hello@bistro-lumiere.example', name: 'Bistro Lumière', plan: 'starter', publicBase: null, cardAllowance: 3, qrAllowance: 5 },
    ],
    keys: [
      key('full', ALL_SCOPES, 600),
      key('readonly', readScopes, 120),
      key('qronly', ['qr:read', 'qr:write'], 120),
      key('campaign', ['cards:read', 'cards:write'], 300, { campaignId: 'cmp_mapped' }),
      key('revoked', ALL_SCOPES, 600, { revoked: true }),
      key('noapi', ALL_SCOPES, 60, { accountId: 'acc_bistro' }),
    ],
    templates,
    cards,
    qrCodes,
    campaigns: [
      { id: 'cmp_mapped', name: 'Employee onboarding (HRIS sync)', templateId: 'tpl_cmp_onboarding', createdAt: at(150, 15),
        api: { payloadMode: 'mapped', strictKeys: false, externalIdPath: 'employee.id', rules: onboardingRules, shortLink: { pattern: '{firstName}-{lastName}' } } },
      { id: 'cmp_native', name: 'Partner directory', templateId: 'tpl_cmp_partners', createdAt: at(140, 15),
        api: { payloadMode: 'native', strictKeys: true } },
      { id: 'cmp_stale', name: 'Dealer network EMEA', templateId: 'tpl_cmp_dealers', createdAt: at(120, 15),
        api: { payloadMode: 'mapped', strictKeys: true, externalIdPath: 'dealerCode', rules: dealerRules, shortLink: { from: 'slug' }, activatedFingerprint: 'fp_0000000000000000', activatedAt: at(110, 9) } },
      { id: 'cmp_draft', name: 'Summer interns 2026', status: 'draft', templateId: 'tpl_cmp_interns', createdAt: at(40, 15),
        api: { payloadMode: 'native', strictKeys: false } },
      { id: 'cmp_disabled', name: 'Trade show staff', apiEnabled: false, templateId: 'tpl_cmp_tradeshow', createdAt: at(60, 15),
        api: { payloadMode: 'native', strictKeys: false } },
      { id: 'cmp_unconfigured', name: 'Board members', templateId: 'tpl_cmp_board', createdAt: at(30, 15), api: null },
    ],
    leads: seedLeads(at),
    scans: seedScans(anchor, opts.now ?? Date.now()),
    takenShortCodes: ['acme', 'john-smith', 'menu', 'team'],
  };
}

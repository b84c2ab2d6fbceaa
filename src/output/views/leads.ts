// Leads: list columns, the record table of `leads get` with its answers, and the CSV row shared by `leads list -o csv`
// and `leads export -o csv` (stable, documented columns; locked leads keep their contact cells empty).
import type { Lead } from '../../api/schemas/leads.js';
import { openText } from '../../api/schemas/open.js';
import type { Column, View } from '../view.js';

/** CSV columns, in order (README "leads export"). Dotted names are paths into leadCsvRow(). */
export const LEAD_CSV_COLUMNS = [
  'id',
  'createdAt',
  'source',
  'trigger',
  'cardId',
  'cardName',
  'formName',
  'locked',
  'archived',
  'contact.name',
  'contact.email',
  'contact.phone',
  'contact.company',
  'contact.title',
  'country',
  'city',
  'marketingOptIn',
  'consentAt',
  'hubspot.status',
  'answers',
] as const;

type Answer = { label?: unknown; value?: unknown };

/** One answer value as text: lists joined with ", ", booleans yes/no, objects as JSON. */
export function answerValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(answerValue).join(', ');
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Every answer in one readable cell: "label: value; label: value". */
export function answersCell(answers: unknown): string {
  if (!Array.isArray(answers)) return '';
  return (answers as Answer[]).map((a) => `${String(a.label ?? '')}: ${answerValue(a.value)}`).join('; ');
}

/**
 * The CSV shape of a lead. A locked lead has no contact (the API sends null until the allowance
 * covers it): its contact cells stay empty and `locked` says why; nothing is guessed from answers.
 */
export function leadCsvRow(lead: Record<string, any>): Record<string, unknown> {
  const contact = lead.locked ? null : lead.contact;
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    source: lead.source,
    trigger: lead.trigger ?? '',
    cardId: lead.cardId,
    cardName: lead.cardName ?? '',
    formName: lead.formName ?? '',
    locked: Boolean(lead.locked),
    archived: Boolean(lead.archived),
    contact: {
      name: contact?.name ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      company: contact?.company ?? '',
      title: contact?.title ?? '',
    },
    country: lead.country ?? '',
    city: lead.city ?? '',
    marketingOptIn: lead.marketingOptIn ?? '',
    consentAt: lead.consentAt ?? '',
    hubspot: { status: lead.hubspot?.status ?? '' },
    answers: answersCell(lead.answers),
  };
}

/** The contact's name in a list (its email has a column of its own, never cut); `locked` until the plan covers it. */
function contactName(l: Lead): string | undefined {
  if (l.locked || !l.contact) return 'locked';
  return l.contact.name || undefined;
}

/** Columns of the answers table under `leads get`. */
export const answerColumns: Column<Answer & { type?: unknown }>[] = [
  { header: 'question', value: (a) => String(a.label ?? ''), whole: false, min: 12 },
  { header: 'type', value: (a) => String(a.type ?? ''), style: 'dim', priority: 2, whole: true },
  { header: 'answer', value: (a) => answerValue(a.value), min: 12 },
];

export const leadView: View<Lead> = {
  columns: [
    // Narrow terminals leave out the CRM status, source and date first, then the email; never the id.
    { header: 'id', value: 'id' },
    { header: 'created', value: 'createdAt', style: 'date', priority: 3 },
    { header: 'source', value: 'source', priority: 3, whole: true },
    { header: 'card', value: (l) => l.cardName || l.cardId, min: 10 },
    { header: 'contact', value: contactName, min: 12 },
    { header: 'email', value: (l) => (l.locked ? undefined : l.contact?.email), priority: 2, whole: true },
    { header: 'crm', value: (l) => l.hubspot?.status, style: 'status', priority: 3 },
  ],
  csv: [...LEAD_CSV_COLUMNS],
  csvRow: leadCsvRow,
  empty: 'no leads match',
  record: [
    { header: 'id', value: 'id' },
    { header: 'created', value: 'createdAt', style: 'date' },
    { header: 'source', value: (l) => (l.trigger ? `${l.source} (${l.trigger})` : l.source) },
    { header: 'card', value: (l) => (l.cardName ? `${l.cardName} (${l.cardId})` : l.cardId) },
    { header: 'form', value: 'formName' },
    { header: 'contact', value: contactRecord },
    { header: 'location', value: (l) => [l.city, l.country].filter(Boolean).join(', ') },
    { header: 'consent', value: consentText },
    { header: 'crm', value: crmText },
    { header: 'read', value: 'read', style: 'bool' },
    { header: 'archived', value: 'archived', style: 'bool' },
  ] satisfies Column<Lead>[],
  sections: [{ title: 'Answers', rows: (l) => l.answers ?? [], columns: answerColumns, none: 'none' }],
};

function contactRecord(l: Lead): string {
  if (l.locked || !l.contact)
    return "locked: contact details stay hidden until the plan's lead allowance covers this lead";
  const c = l.contact;
  const job = [c.title, c.company].filter(Boolean).join(', ');
  return [c.name, c.email, c.phone, job].filter(Boolean).join('\n');
}

function consentText(l: Lead): string {
  const opt =
    l.marketingOptIn === true ? 'marketing opt-in' : l.marketingOptIn === false ? 'no marketing opt-in' : 'not asked';
  return l.consentAt ? `${opt}, consent given ${l.consentAt}` : opt;
}

function crmText(l: Lead): string {
  const h = l.hubspot;
  if (!h) return 'not sent to a CRM (the form has no HubSpot link)';
  // Untyped in the spec (an error object, a number for sentAt, a later status): shown as they came.
  const parts = [`HubSpot: ${openText(h.status)}`];
  if (h.sentAt) parts.push(`sent ${openText(h.sentAt)}`);
  if (h.nextAttemptAt) parts.push(`next attempt ${openText(h.nextAttemptAt)}`);
  if (h.contactUrl) parts.push(openText(h.contactUrl));
  if (h.error) parts.push(openText(h.error));
  return parts.join('\n');
}

// Column specs for cards and wallet links.
import type { Column, View } from '../render.js';
import { cellText } from '../values.js';

// Structural shapes (output/ never imports api/; the command joins them).
interface Card {
  id: string;
  name: string;
  status: string;
  shortCode: string;
  url: string;
  vcardUrl: string;
  templateId: string | null;
  externalId?: string | null;
  paused: boolean;
  fields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}
interface WalletLinks {
  cardId: string;
  enabled: boolean;
  apple: string | null;
  google: string | null;
  installs: { apple: { issued: number; installed: number }; google: { issued: number; installed: number } };
}

/** The status with the plan's pause folded in: "published (paused)" (its public URL does not open). */
export const statusText = (r: { status: string; paused: boolean }) => (r.paused ? `${r.status} (paused)` : r.status);

const person = (c: Card) => [c.fields.title, c.fields.company].filter((v) => typeof v === 'string' && v).join(', ');

/** One row per field the card holds, in the API's order; lists read as one line each. */
function fieldRows(c: Card): string {
  return Object.entries(c.fields)
    .filter(([, v]) => v !== undefined && v !== null && cellText(v) !== '')
    .map(([k, v]) => `${k}: ${cellText(v)}`)
    .join('\n');
}

export const cardView: View<Card> = {
  // Narrow terminals leave out the url first, then updated and short code, then status; never the id.
  columns: [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name', min: 16 },
    { header: 'status', value: statusText, style: 'status' },
    { header: 'short code', value: 'shortCode', priority: 2, whole: true },
    { header: 'url', value: 'url', style: 'url', priority: 3 },
    { header: 'updated', value: 'updatedAt', style: 'date', priority: 2 },
  ],
  record: [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name' },
    { header: 'role', value: person },
    { header: 'status', value: 'status', style: 'status' },
    { header: 'paused', value: (c) => (c.paused ? 'yes: the plan does not cover it; its URL does not open' : false) },
    { header: 'short code', value: 'shortCode' },
    { header: 'url', value: 'url', style: 'url' },
    { header: 'vcard', value: 'vcardUrl', style: 'url' },
    { header: 'template', value: 'templateId' },
    { header: 'external id', value: 'externalId' },
    { header: 'fields', value: fieldRows },
    { header: 'created', value: 'createdAt', style: 'date' },
    { header: 'updated', value: 'updatedAt', style: 'date' },
  ] satisfies Column<Card>[],
  // Every field api-spec.md documents for a card; template custom fields go into `extra`.
  csv: [
    'id',
    'name',
    'status',
    'paused',
    'shortCode',
    'url',
    'vcardUrl',
    'templateId',
    'externalId',
    'fields.firstName',
    'fields.lastName',
    'fields.title',
    'fields.company',
    'fields.bio',
    'fields.photoUrl',
    'fields.companyLogoUrl',
    'fields.emails',
    'fields.phones',
    'fields.links',
    'fields.address.street',
    'fields.address.city',
    'fields.address.region',
    'fields.address.postalCode',
    'fields.address.country',
    'createdAt',
    'updatedAt',
  ],
  empty: 'no cards match',
};

export const walletView: View<WalletLinks> = {
  columns: [],
  id: (w) => w.cardId,
  record: [
    { header: 'card', value: 'cardId' },
    { header: 'enabled', value: 'enabled', style: 'bool' },
    { header: 'apple', value: (w) => w.apple ?? 'not available for this card', style: 'url' },
    { header: 'google', value: (w) => w.google ?? 'not available for this card', style: 'url' },
    {
      header: 'apple installs',
      value: (w) => `${w.installs.apple.installed} installed of ${w.installs.apple.issued} issued`,
    },
    {
      header: 'google installs',
      value: (w) => `${w.installs.google.installed} installed of ${w.installs.google.issued} issued`,
    },
  ],
};

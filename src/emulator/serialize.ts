// Store record → API object. Route modules answer with these so every endpoint shows the same shape.
import {
  SCOPES,
  type ApiKeyRecord,
  type CampaignRecord,
  type CardRecord,
  type LeadRecord,
  type QrRecord,
  type TemplateRecord,
} from './model.js';
import type { Store } from './store.js';

export function cardUrls(store: Store, card: CardRecord): { url: string; vcardUrl: string } {
  const base = store.publicBaseFor(card.accountId);
  return { url: `${base}/c/${card.shortCode}`, vcardUrl: `${base}/c/${card.shortCode}/vcard` };
}

export function qrUrl(store: Store, qr: QrRecord): string {
  return `${store.publicBaseFor(qr.accountId)}/p/${qr.shortCode}`;
}

export function serializeCard(store: Store, card: CardRecord) {
  const { url, vcardUrl } = cardUrls(store, card);
  return {
    object: 'card' as const,
    id: card.id,
    name: card.name,
    shortCode: card.shortCode,
    status: card.status,
    url,
    vcardUrl,
    templateId: card.templateId,
    externalId: card.externalId,
    paused: card.paused,
    fields: structuredClone(card.fields),
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
  };
}

export function serializeQrCode(store: Store, qr: QrRecord) {
  return {
    object: 'qr_code' as const,
    id: qr.id,
    name: qr.name,
    type: qr.type,
    status: qr.status,
    shortCode: qr.shortCode,
    url: qrUrl(store, qr),
    destinationUrl: qr.destinationUrl,
    paused: qr.paused,
    scanCount: store.scanCount(qr.id),
    createdAt: qr.createdAt,
    updatedAt: qr.updatedAt,
  };
}

export function serializeTemplate(tpl: TemplateRecord) {
  return {
    object: 'card_template' as const,
    id: tpl.id,
    name: tpl.name,
    policy: structuredClone(tpl.policy),
    createdAt: tpl.createdAt,
    updatedAt: tpl.updatedAt,
  };
}

export function serializeCampaign(c: CampaignRecord) {
  return {
    object: 'campaign' as const,
    id: c.id,
    name: c.name,
    status: c.status,
    apiEnabled: c.apiEnabled,
    templateId: c.templateId,
    createdAt: c.createdAt,
  };
}

export function serializeLead(lead: LeadRecord) {
  const { accountId: _account, ...rest } = lead;
  return structuredClone(rest);
}

export function serializeKeyContext(store: Store, key: ApiKeyRecord, requestsPerMinute: number) {
  const account = store.account(key.accountId);
  return {
    object: 'api_key_context' as const,
    key: { id: key.id, name: key.name },
    scopes: key.scopes.map((scope) => ({ scope, description: SCOPES[scope] })),
    account: { id: account?.id ?? key.accountId, email: account?.email ?? '', plan: account?.plan ?? '' },
    rateLimit: { requestsPerMinute },
  };
}

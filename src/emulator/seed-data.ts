// A validated seed (seed.ts) turned into the store's state, defaults filled in.
import { DEFAULT_CARD_DESIGN, UNTITLED_CARD } from './card-factory.js';
import { personName } from './card-policy.js';
import { defaultRules, type StoreData, type TrashEntry } from './model.js';
import type { ParsedSeed } from './seed.js';
import { templateFingerprint } from './store.js';

/** Turn a validated seed into the store's state, filling defaults (timestamps default to `now`). */
export function seedToData(seed: ParsedSeed, now: number): StoreData {
  const nowIso = new Date(now).toISOString();
  const acc0 = seed.accounts[0].id;
  const accountOfTarget = new Map<string, string>();
  const trash: TrashEntry[] = [];
  const cards = seed.cards
    .map(({ deletedAt, ...c }) => {
      const rec = {
        object: 'card' as const,
        ...c,
        accountId: c.accountId ?? acc0,
        name: c.name ?? personName(c.fields) ?? UNTITLED_CARD,
        everPublished: c.everPublished ?? c.status !== 'draft',
        design: c.design ?? structuredClone(DEFAULT_CARD_DESIGN),
        createdAt: c.createdAt ?? nowIso,
        updatedAt: c.updatedAt ?? c.createdAt ?? nowIso,
      };
      accountOfTarget.set(rec.id, rec.accountId);
      if (deletedAt) trash.push({ kind: 'card', deletedAt, record: rec });
      return deletedAt ? null : rec;
    })
    .filter((c) => c !== null);
  const qrCodes = seed.qrCodes
    .map(({ deletedAt, ...q }) => {
      const rec = {
        object: 'qr_code' as const,
        ...q,
        accountId: q.accountId ?? acc0,
        everPublished: q.everPublished ?? q.status !== 'draft',
        design: q.design ?? structuredClone(DEFAULT_CARD_DESIGN),
        createdAt: q.createdAt ?? nowIso,
        updatedAt: q.updatedAt ?? q.createdAt ?? nowIso,
      };
      accountOfTarget.set(rec.id, rec.accountId);
      if (deletedAt) trash.push({ kind: 'qr_code', deletedAt, record: rec });
      return deletedAt ? null : rec;
    })
    .filter((q) => q !== null);
  const templates = seed.templates.map((t) => ({
    object: 'card_template' as const,
    ...t,
    accountId: t.accountId ?? acc0,
    createdAt: t.createdAt ?? nowIso,
    updatedAt: t.updatedAt ?? t.createdAt ?? nowIso,
  }));
  const campaigns = seed.campaigns.map((c) => {
    const tpl = templates.find((t) => t.id === c.templateId)!;
    const createdAt = c.createdAt ?? nowIso;
    return {
      object: 'campaign' as const,
      ...c,
      accountId: c.accountId ?? acc0,
      createdAt,
      api: c.api && {
        ...c.api,
        activatedFingerprint: c.api.activatedFingerprint ?? templateFingerprint(tpl),
        activatedAt: c.api.activatedAt ?? createdAt,
      },
    };
  });
  const names = new Map<string, string>(
    [...cards, ...qrCodes, ...trash.map((t) => t.record)].map((r) => [r.id, r.name]),
  );
  return {
    version: 1,
    accounts: seed.accounts,
    apiKeys: seed.keys.map((k) => ({
      ...k,
      id: k.id ?? `key_${k.name}`,
      accountId: k.accountId ?? acc0,
      createdAt: k.createdAt ?? nowIso,
    })),
    templates,
    cards,
    qrCodes,
    campaigns,
    leads: seed.leads.map((l) => ({
      object: 'lead' as const,
      ...l,
      accountId: l.accountId ?? accountOfTarget.get(l.cardId) ?? acc0,
      cardName: l.cardName ?? names.get(l.cardId) ?? '',
    })),
    scans: seed.scans.map((s, i) => ({
      ...s,
      id: s.id ?? `scn_${i.toString(36).padStart(6, '0')}`,
      accountId: s.accountId ?? accountOfTarget.get(s.targetId) ?? acc0,
      visitorId: s.visitorId ?? `v_${i.toString(36)}`,
    })),
    trash,
    idempotency: [],
    takenShortCodes: seed.takenShortCodes,
    rules: { ...defaultRules(), ...(seed.rules ?? {}) } as StoreData['rules'],
    clockOffsetMs: 0,
  };
}

// Records put straight into the emulator's store (many cards, QR codes or leads at once), for tests that
// need more than the seed holds. Each is one minute apart by default, newest last, ending at the emulator's now.
import type { Emulator } from '../../src/emulator/index.js';
import type { CardRecord, LeadRecord, QrRecord } from '../../src/emulator/model.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Adds n cards to acc_acme, one minute apart (newest last), and raises the allowance to fit them. */
export function addCards(emu: Emulator, n: number, prefix = 'bulk'): CardRecord[] {
  const acme = emu.store.account('acc_acme')!;
  const base = emu.now() - n * 60_000;
  const out: CardRecord[] = [];
  for (let i = 0; i < n; i++) {
    const at = iso(base + i * 60_000);
    out.push({
      object: 'card',
      id: `crd_${prefix}${String(i).padStart(4, '0')}`,
      accountId: 'acc_acme',
      name: `${prefix} person ${i}`,
      shortCode: `${prefix}-${i}`,
      status: 'published',
      templateId: null,
      externalId: null,
      campaignId: null,
      paused: false,
      everPublished: true,
      design: { foreground: '#000000', background: '#FFFFFF', frame: null },
      fields: { firstName: prefix, lastName: `person ${i}` },
      createdAt: at,
      updatedAt: at,
    });
  }
  emu.store.cards.push(...out);
  acme.cardAllowance = Math.max(acme.cardAllowance, emu.store.cardsUsed('acc_acme') + 100);
  return out;
}

export function addQrCodes(emu: Emulator, n: number, prefix = 'bulkqr'): QrRecord[] {
  const acme = emu.store.account('acc_acme')!;
  const base = emu.now() - n * 60_000;
  const out: QrRecord[] = [];
  for (let i = 0; i < n; i++) {
    const at = iso(base + i * 60_000);
    out.push({
      object: 'qr_code',
      id: `qr_${prefix}${String(i).padStart(4, '0')}`,
      accountId: 'acc_acme',
      name: `${prefix} ${i}`,
      type: 'url',
      status: 'published',
      shortCode: `${prefix}-${i}`,
      destinationUrl: `https://example.com/${prefix}/${i}`,
      paused: false,
      everPublished: true,
      design: { foreground: '#000000', background: '#FFFFFF', frame: null },
      createdAt: at,
      updatedAt: at,
    });
  }
  emu.store.qrCodes.push(...out);
  acme.qrAllowance = Math.max(acme.qrAllowance, emu.store.qrCodesUsed('acc_acme') + 100);
  return out;
}

/** Adds n form leads on crd_jose, `stepMs` apart, ending at the emulator's now (ids lead_<prefix>NNNN). */
export function addLeads(emu: Emulator, n: number, prefix = 'bulk', stepMs = 60_000): LeadRecord[] {
  const base = emu.now() - n * stepMs;
  const out: LeadRecord[] = [];
  for (let i = 0; i < n; i++) {
    out.push({
      object: 'lead',
      id: `lead_${prefix}${String(i).padStart(5, '0')}`,
      accountId: 'acc_acme',
      cardId: 'crd_jose',
      cardName: 'José Álvarez Peña',
      source: 'form',
      trigger: 'after_save',
      formName: 'Stay in touch',
      createdAt: iso(base + i * stepMs),
      read: false,
      archived: false,
      locked: false,
      contact: { name: `Visitor ${i}`, email: `visitor${i}@example.com`, phone: '', company: '', title: '' },
      answers: [],
      marketingOptIn: null,
      consentAt: null,
      country: 'FR',
      city: 'Lyon',
      hubspot: null,
    });
  }
  emu.store.leads.push(...out);
  return out;
}

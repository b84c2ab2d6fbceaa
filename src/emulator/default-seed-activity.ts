// Leads and scans of the default seed, generated deterministically (fixed PRNG) relative to today.
import { HUBSPOT_STATUSES } from './model.js';
import type { Seed } from './seed.js';

type SeedLead = NonNullable<Seed['leads']>[number];
type SeedScan = NonNullable<Seed['scans']>[number];

/** Deterministic Math.random replacement (mulberry32), also used by tests for a stable emulator. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VISITORS: [string, string, string, string, string, string][] = [
  // name, email, phone, company, title, country:city
  [
    'Hannah Schmidt',
    'hannah.schmidt@logistik-nord.example',
    '+49 151 2345 6789',
    'Logistik Nord GmbH',
    'Head of Operations',
    'DE:Hamburg',
  ],
  [
    'Marco Rossi',
    'marco.rossi@magazzini.example',
    '+39 333 123 4567',
    'Magazzini Rossi',
    'Warehouse Manager',
    'IT:Milano',
  ],
  [
    'Sarah Johnson',
    'sjohnson@fulfilment.example',
    '+1 415 555 0199',
    'FastFulfil Inc.',
    'VP Engineering',
    'US:San Francisco',
  ],
  ['Yuki Tanaka', 'y.tanaka@tanaka-seiki.example', '+81 80-9876-5432', '田中精機', '購買部長', 'JP:Osaka'],
  [
    'Émile Fontaine',
    'emile@fontaine-industrie.example',
    '+33 6 98 76 54 32',
    'Fontaine Industrie',
    'Directeur technique',
    'FR:Toulouse',
  ],
  [
    'Adaeze Nwosu',
    'adaeze@lagosports.example',
    '+234 802 987 6543',
    'Lagos Ports Logistics',
    'Procurement Lead',
    'NG:Lagos',
  ],
  ['Rahul Mehta', 'rahul.mehta@mehta-auto.example', '+91 99887 66554', 'Mehta Automotive', 'Plant Manager', 'IN:Pune'],
  ['Ingrid Johansson', 'ingrid@nordlager.example', '+46 73 987 65 43', 'Nordlager AB', 'COO', 'SE:Göteborg'],
  [
    'Lucía Fernández',
    'lucia.fernandez@almacenes.example',
    '+34 699 876 543',
    'Almacenes del Sur',
    'Jefa de compras',
    'ES:Sevilla',
  ],
  ['Tomasz Kowalski', 'tomasz@kowalski-trans.example', '+48 601 234 567', 'Kowalski Trans', 'Owner', 'PL:Warszawa'],
  [
    'Olivia Brown',
    'olivia.brown@brightstore.example',
    '+44 7700 900123',
    'BrightStore Ltd',
    'Innovation Manager',
    'GB:Manchester',
  ],
  [
    'Ahmet Demir',
    'ahmet.demir@demir-lojistik.example',
    '+90 533 987 65 43',
    'Demir Lojistik',
    'Genel Müdür',
    'TR:Ankara',
  ],
];

const TARGETS = ['crd_amelie', 'crd_kenji', 'crd_zoe', 'crd_jose', 'crd_ngozi', 'crd_fatima', 'qr_careers'];
const SOURCES = ['form', 'form', 'exchange', 'scan', 'form', 'manual', 'exchange'] as const;
const TRIGGERS = {
  form: ['after_save', 'on_view', 'after_save'],
  exchange: ['contact_exchange'],
  scan: ['card_scan'],
  manual: ['manual_entry'],
};
const FORMS = {
  form: ['Stay in touch', 'Book a demo'],
  exchange: ['Contact exchange'],
  scan: ['Paper card scan'],
  manual: ['Manual entry'],
};

/** 30 leads over the last ~60 days; the 4 newest are locked (over the allowance). */
export function seedLeads(at: (daysAgo: number, hour?: number, minute?: number) => string): SeedLead[] {
  const rnd = prng(11);
  const leads: SeedLead[] = [];
  for (let i = 0; i < 30; i++) {
    const v = VISITORS[i % VISITORS.length];
    const [country, city] = v[5].split(':');
    const source = SOURCES[i % SOURCES.length];
    const daysAgo = 60 - i * 2;
    // leads 16 and 17 share one instant: `since` is inclusive, exporters must de-duplicate by id
    const createdAt = i === 17 ? leads[16].createdAt : at(daysAgo, 8 + (i % 10), (i * 7) % 60);
    const locked = i >= 26;
    const hubspotIndex = i % 11; // 0..8 → a status, 9..10 → no CRM on this form
    const status = locked ? 'held_locked' : HUBSPOT_STATUSES[hubspotIndex];
    const optIn = i % 3 === 0 ? true : i % 3 === 1 ? false : null;
    const answers: SeedLead['answers'] = [];
    if (source === 'form') {
      answers.push({ fieldId: 'fld_name', label: 'Your name', type: 'text', value: v[0] });
      answers.push({ fieldId: 'fld_email', label: 'Email', type: 'email', value: v[1] });
      answers.push({
        fieldId: 'fld_interest',
        label: 'Interested in',
        type: 'select',
        value: ['AR-7 gripper', 'Fleet software', 'Service plans'][i % 3],
      });
      if (i % 2 === 0)
        answers.push({
          fieldId: 'fld_topics',
          label: 'Topics',
          type: 'multi_select',
          value: ['Pricing', 'Integration'],
        });
      if (i % 4 === 0)
        answers.push({
          fieldId: 'fld_msg',
          label: 'Message',
          type: 'textarea',
          value: 'Could you send a quote for 12 units?\nDelivery to our Hamburg site.',
        });
      if (i % 5 === 0)
        answers.push({ fieldId: 'fld_rating', label: 'How was the demo?', type: 'rating', value: 4 + (i % 2) });
      if (i % 3 === 0)
        answers.push({
          fieldId: 'fld_date',
          label: 'Preferred call date',
          type: 'date',
          value: at(daysAgo - 5).slice(0, 10),
        });
      answers.push({
        fieldId: 'fld_consent',
        label: 'I agree to be contacted',
        type: 'checkbox',
        value: optIn === true,
      });
    } else if (source === 'exchange') {
      answers.push({ fieldId: 'fld_phone', label: 'Phone', type: 'phone', value: v[2] });
    }
    leads.push({
      id: `lead_${String(i + 1).padStart(3, '0')}`,
      cardId: TARGETS[i % TARGETS.length],
      source,
      trigger: TRIGGERS[source][i % TRIGGERS[source].length],
      formName: FORMS[source][i % FORMS[source].length],
      createdAt,
      read: i < 18 && rnd() < 0.7,
      archived: i === 3 || i === 9,
      locked,
      contact: locked
        ? null
        : { name: v[0], email: source === 'scan' && i % 2 ? '' : v[1], phone: v[2], company: v[3], title: v[4] },
      answers: locked ? [] : answers,
      marketingOptIn: optIn,
      consentAt: optIn ? createdAt : null,
      country,
      city,
      hubspot:
        !locked && hubspotIndex >= 9
          ? null
          : {
              status,
              sentAt: status === 'sent' ? createdAt : null,
              nextAttemptAt: status === 'retrying' || status === 'pending' ? at(-1, 3) : null,
              contactUrl:
                status === 'sent' && !locked
                  ? `https://app.hubspot.com/contacts/4401122/record/0-1/${51000 + i}`
                  : null,
              error:
                status === 'failed'
                  ? 'HubSpot rejected the contact: INVALID_EMAIL'
                  : status === 'expired'
                    ? 'Gave up after 72 hours of retries'
                    : null,
            },
    });
  }
  return leads;
}

const COUNTRIES: [string, string, number][] = [
  ['FR', 'Lyon', 18],
  ['DE', 'Berlin', 15],
  ['US', 'New York', 14],
  ['GB', 'London', 10],
  ['JP', 'Tokyo', 9],
  ['ES', 'Madrid', 7],
  ['NG', 'Lagos', 5],
  ['IN', 'Bengaluru', 6],
  ['BR', 'São Paulo', 5],
  ['CA', 'Montréal', 4],
  ['DK', 'Copenhagen', 3],
  ['AE', 'Dubai', 4],
];
const DEVICES: [string, number][] = [
  ['iOS', 46],
  ['Android', 39],
  ['Windows', 8],
  ['macOS', 5],
  ['Other', 2],
];
const SCAN_TARGETS: [string, number, number][] = [
  // id, scans per day on average, days of history
  ['crd_amelie', 1.1, 365],
  ['crd_kenji', 0.5, 190],
  ['crd_zoe', 0.3, 170],
  ['crd_fatima', 0.4, 45],
  ['qr_roboconf', 0.9, 95],
  ['qr_spec_sheet', 0.4, 250],
  ['qr_careers', 0.3, 220],
  ['qr_gs1', 0.25, 200],
  ['qr_support', 0.2, 340],
];

function pick<T>(rnd: () => number, items: [T, ...unknown[]][], weightIndex: number): [T, ...unknown[]] {
  const total = items.reduce((s, it) => s + (it[weightIndex] as number), 0);
  let r = rnd() * total;
  for (const it of items) {
    r -= it[weightIndex] as number;
    if (r <= 0) return it;
  }
  return items[items.length - 1];
}

/** About 1,500 scans over the last 12 months for several cards and codes. */
export function seedScans(anchor: number, now: number): SeedScan[] {
  const rnd = prng(7);
  const scans: SeedScan[] = [];
  for (const [targetId, rate, history] of SCAN_TARGETS) {
    for (let d = history; d >= 0; d--) {
      const boost = targetId === 'qr_roboconf' && d >= 40 && d <= 43 ? 12 : 1; // the trade show itself
      const n = Math.floor(rate * boost * 2 * rnd() + rnd());
      for (let k = 0; k < n; k++) {
        const t = anchor - d * 86_400_000 + Math.floor((7 + rnd() * 15) * 3_600_000);
        const [country, city] = pick(rnd, COUNTRIES, 2) as [string, string, number];
        const [device] = pick(rnd, DEVICES, 1) as [string, number];
        const visitor = Math.floor(rnd() * 400);
        if (t > now) continue; // after drawing, so the sequence (and earlier scans) is the same all day
        scans.push({
          targetId,
          at: new Date(t).toISOString(),
          country,
          city,
          device,
          visitorId: `v_${targetId.slice(4)}_${visitor}`,
        });
      }
    }
  }
  scans.sort((a, b) => a.at.localeCompare(b.at));
  return scans.map((s, i) => ({ id: `scn_${String(i + 1).padStart(5, '0')}`, ...s }));
}

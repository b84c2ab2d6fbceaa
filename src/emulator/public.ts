// Public routes on the emulator host: /c/<code> card page, /c/<code>/vcard, /c/<code>/wallet/{apple,google},
// /p/<code> redirect. Opening a published card page or following a QR link counts a scan; a HEAD request
// (print --verify-links) gets the same status and headers and counts none.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { send, type Reply } from './http.js';
import type { CardRecord, QrRecord } from './model.js';
import type { Store } from './store.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (status: number, title: string, text: string): Reply => ({
  status,
  headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  body: `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><h1>${esc(title)}</h1>${text}</body></html>\n`,
});

type Visibility = 'open' | 'preview' | 'inactive' | 'archived';
/** The state table of the spec: published opens; a never-published draft opens as a preview. */
export function visibility(r: CardRecord | QrRecord): Visibility {
  if (r.paused || r.status === 'paused') return 'inactive';
  if (r.status === 'archived') return 'archived';
  if (r.status === 'draft') return r.everPublished ? 'inactive' : 'preview';
  return 'open';
}

function deviceOf(ua: string): string {
  if (/iPhone|iPad|iOS/i.test(ua)) return 'iOS';
  if (/Android/i.test(ua)) return 'Android';
  if (/Windows/i.test(ua)) return 'Windows';
  if (/Macintosh|Mac OS/i.test(ua)) return 'macOS';
  return 'Other';
}

function countScan(store: Store, req: IncomingMessage, target: CardRecord | QrRecord): void {
  const ua = req.headers['user-agent'] ?? '';
  const country = String(req.headers['x-emulator-country'] ?? 'US')
    .slice(0, 2)
    .toUpperCase();
  const visitor = createHash('sha256').update(`${req.socket.remoteAddress}|${ua}`).digest('hex').slice(0, 12);
  store.scans.push({
    id: store.newId('scn'),
    accountId: target.accountId,
    targetId: target.id,
    at: store.nowIso(),
    country,
    city: String(req.headers['x-emulator-city'] ?? ''),
    device: deviceOf(ua),
    visitorId: `v_${visitor}`,
  });
  store.changed();
}

const vEsc = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');

/** A vCard 3.0 of the card's person. */
export function vcard(card: CardRecord, url: string): string {
  const f = card.fields;
  const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
  lines.push(`N:${vEsc(f.lastName ?? '')};${vEsc(f.firstName ?? '')};;;`);
  lines.push(`FN:${vEsc([f.firstName, f.lastName].filter(Boolean).join(' ') || card.name)}`);
  if (f.company) lines.push(`ORG:${vEsc(f.company)}`);
  if (f.title) lines.push(`TITLE:${vEsc(f.title)}`);
  for (const e of f.emails ?? []) lines.push(`EMAIL;TYPE=${vEsc(e.label.toUpperCase())}:${vEsc(e.value)}`);
  for (const p of f.phones ?? []) lines.push(`TEL;TYPE=${vEsc(p.label.toUpperCase())}:${vEsc(p.value)}`);
  for (const l of f.links ?? [])
    lines.push(`URL;TYPE=${vEsc(l.type)}:${vEsc(/^https?:/i.test(l.url) ? l.url : `https://${l.url}`)}`);
  if (f.address) {
    const a = f.address;
    lines.push(
      `ADR;TYPE=WORK:;;${vEsc(a.street ?? '')};${vEsc(a.city ?? '')};${vEsc(a.region ?? '')};${vEsc(a.postalCode ?? '')};${vEsc(a.country ?? '')}`,
    );
  }
  if (f.photoUrl) lines.push(`PHOTO;VALUE=URI:${f.photoUrl}`);
  if (f.bio) lines.push(`NOTE:${vEsc(f.bio)}`);
  lines.push(`URL:${url}`, `REV:${card.updatedAt}`, 'END:VCARD');
  return lines.join('\r\n') + '\r\n';
}

export function handlePublic(store: Store, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const parts = url.pathname
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  const [kind, code, sub, wallet] = parts;
  send(res, answer(store, req, kind, code, sub, wallet, parts.length));
}

function answer(
  store: Store,
  req: IncomingMessage,
  kind: string,
  code: string | undefined,
  sub: string | undefined,
  wallet: string | undefined,
  n: number,
): Reply {
  if (!code) return html(404, 'Not found', '<p>No such page.</p>');
  const hit = store.byShortCode(code);
  const trashed = store.trash.some((t) => t.record.shortCode.toLowerCase() === code.toLowerCase());
  const want = kind === 'c' ? 'card' : 'qr_code';
  if (!hit || hit.kind !== want) {
    return trashed
      ? html(410, 'This page is no longer available', '<p>The owner removed it.</p>')
      : html(404, 'Not found', '<p>No such page.</p>');
  }
  const record = hit.record;
  const vis = visibility(record);
  if (vis === 'inactive') return html(423, 'This page is not active', '<p>The owner has switched it off.</p>');
  if (vis === 'archived') return html(410, 'This page is no longer available', '<p>It has been archived.</p>');
  const base = store.publicBaseFor(record.accountId);

  if (hit.kind === 'qr_code') {
    if (n !== 2) return html(404, 'Not found', '<p>No such page.</p>');
    if (vis === 'open' && req.method !== 'HEAD') countScan(store, req, hit.record);
    return { status: 302, headers: { Location: hit.record.destinationUrl, 'Cache-Control': 'no-store' } };
  }
  const card = hit.record;
  const pageUrl = `${base}/c/${card.shortCode}`;
  if (n === 2) {
    if (vis === 'open' && req.method !== 'HEAD') countScan(store, req, card);
    const f = card.fields;
    const who = [f.firstName, f.lastName].filter(Boolean).join(' ') || card.name;
    const banner = vis === 'preview' ? '<p><strong>Preview</strong>: this card is a draft.</p>' : '';
    return html(
      200,
      who,
      `${banner}<p>${esc([f.title, f.company].filter(Boolean).join(', '))}</p><p><a href="${esc(pageUrl)}/vcard">Save contact</a></p>`,
    );
  }
  if (n === 3 && sub === 'vcard') {
    const file = (card.fields.lastName || card.name || 'contact').replace(/[^\p{L}\p{N}-]+/gu, '_');
    return {
      status: 200,
      headers: {
        'Content-Type': 'text/vcard; charset=utf-8',
        'Content-Disposition': `attachment; filename="${encodeURIComponent(file)}.vcf"`,
      },
      body: vcard(card, pageUrl),
    };
  }
  if (n === 4 && sub === 'wallet' && wallet === 'apple') {
    return {
      status: 200,
      headers: {
        'Content-Type': 'application/vnd.apple.pkpass',
        'Content-Disposition': `attachment; filename="${card.shortCode}.pkpass"`,
      },
      body: Buffer.from(`emulated pass for ${pageUrl}\n`),
    };
  }
  if (n === 4 && sub === 'wallet' && wallet === 'google') {
    return { status: 302, headers: { Location: `https://pay.google.com/gp/v/save/emulated-${card.id}` } };
  }
  return html(404, 'Not found', '<p>No such page.</p>');
}

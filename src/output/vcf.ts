// vCard output for leads: RFC 6350 (4.0) or RFC 2426 (3.0). UTF-8, CRLF line ends, lines folded at 75
// octets (a fold never splits a UTF-8 sequence), text escaped (\\ \, \; and newlines as \n).
import { answerValue } from './views/leads.js';
import { splitName } from './leads/names.js';

export type VcardVersion = '4.0' | '3.0';

const MAX_OCTETS = 75;
/** Control characters are not allowed in a vCard value (RFC 6350 §3.3 VALUE-CHAR) and could drive a terminal: dropped. Tab stays. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * Escapes one text value. `\`, `,` and line breaks always; `;` only in a component of a structured
 * value (N, ADR, ORG) in 4.0 (RFC 6350 §3.4: "in all other cases, escaping MUST NOT be used"), and in
 * every text value in 3.0 (RFC 2426 §5).
 */
export function escapeText(value: string, structured = false, version: VcardVersion = '4.0'): string {
  const special = structured || version === '3.0' ? /[\\,;]/g : /[\\,]/g;
  return value
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(special, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

/** Folds a content line: at most 75 octets per physical line, continuation lines start with a space. */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_OCTETS) return `${line}\r\n`;
  const out: string[] = [];
  let current = '';
  let size = 0;
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (size + n > limit) {
      out.push(current);
      current = '';
      size = 0;
      limit = MAX_OCTETS - 1; // the leading space of a continuation line counts
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ') + '\r\n';
}

/** One lead as a vCard, or null for a locked lead (its contact is hidden: skipped, never guessed). */
export function leadVcard(lead: Record<string, any>, version: VcardVersion = '4.0'): string | null {
  if (lead.locked || !lead.contact) return null;
  const c = lead.contact as Record<string, string | null | undefined>;
  const name = (c.name ?? '').replace(/\s+/g, ' ').trim();
  const { first, last } = splitName(name);
  const lines: string[] = ['BEGIN:VCARD', `VERSION:${version}`];
  const text = (value: string) => escapeText(value, false, version);
  const part = (value: string) => escapeText(value, true, version);
  const add = (prop: string, value: string | null | undefined) => {
    if (value) lines.push(`${prop}:${text(value)}`);
  };
  lines.push(`FN:${text(name || c.email || c.phone || `Lead ${lead.id}`)}`);
  if (name || version === '3.0') lines.push(`N:${part(last)};${part(first)};;;`);
  if (c.email) lines.push(`EMAIL${version === '4.0' ? '' : ';TYPE=INTERNET'}:${text(c.email)}`);
  // A phone number is written exactly as typed (text), never rewritten into a tel: URI.
  if (c.phone) lines.push(`TEL${version === '4.0' ? ';VALUE=text' : ''}:${text(c.phone)}`);
  if (c.company) lines.push(`ORG:${part(c.company)}`);
  add('TITLE', c.title);
  if (lead.city || lead.country) lines.push(`ADR:;;;${part(lead.city ?? '')};;;${part(lead.country ?? '')}`);
  const note = noteText(lead);
  if (note) add('NOTE', note);
  // The id comes from the server: a URI in 4.0 (percent-encoded, as a URI cannot carry escapes), text in 3.0.
  const id = String(lead.id ?? '');
  lines.push(`UID:${version === '4.0' ? `urn:cardqr:lead:${encodeURIComponent(id)}` : text(`cardqr-lead-${id}`)}`);
  if (typeof lead.createdAt === 'string' && !Number.isNaN(Date.parse(lead.createdAt))) {
    lines.push(`REV:${new Date(lead.createdAt).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}`);
  }
  lines.push('END:VCARD');
  return lines.map(foldLine).join('');
}

/** Where the lead came from, its consent, and every answer, one per line. */
function noteText(lead: Record<string, any>): string {
  const parts: string[] = [];
  const card = lead.cardName ? `${lead.cardName} (${lead.cardId})` : lead.cardId;
  parts.push(
    `cardqr lead ${lead.id}: ${lead.source}${lead.formName ? ` "${lead.formName}"` : ''} on ${card}, ${lead.createdAt}`,
  );
  if (lead.marketingOptIn === true || lead.marketingOptIn === false) {
    parts.push(
      `Marketing opt-in: ${lead.marketingOptIn ? 'yes' : 'no'}${lead.consentAt ? `, consent given ${lead.consentAt}` : ''}`,
    );
  }
  for (const a of Array.isArray(lead.answers) ? lead.answers : [])
    parts.push(`${String(a?.label ?? '')}: ${answerValue(a?.value)}`);
  return parts.join('\n');
}

// Text from outside (card names, lead contacts, server error messages) printed for people: control
// characters become visible escapes, so a value can never move the cursor, erase a line, set a
// window title, change colours or reverse the text around it. Data formats (json, ndjson, csv) keep
// values exact and do not come through here.
//
// Escaped: C0 controls (ESC, BEL, CR, backspace...), DEL, C1 controls (U+0080-U+009F, where a lone
// U+009B is a full CSI on many terminals), and the bidirectional overrides and isolates
// (U+202A-U+202E, U+2066-U+2069) plus U+200E/U+200F, which reorder what follows them on screen.

// eslint-disable-next-line no-control-regex
const UNSAFE_LINE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_BLOCK = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(c: string): string {
  const code = c.charCodeAt(0);
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  if (c === '\t') return '\\t';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One line for a terminal: every control character (newlines too) shown as an escape such as `\x1b`. */
export function safeLine(text: string): string {
  return text.replace(UNSAFE_LINE, escapeChar);
}

/** A block for a terminal (a table cell, a record value): keeps newlines and tabs, escapes the rest. */
export function safeText(text: string): string {
  return text.replace(UNSAFE_BLOCK, escapeChar);
}

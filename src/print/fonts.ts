// Captions under (or beside) each code: the text from a template, set in fonts that cover it.
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';
import { UsageError } from '../errors.js';
import type { Caption } from './compose.js';
import type { CodeInfo } from './fetch.js';

const FIELDS: Record<string, (i: CodeInfo) => string> = {
  name: (i) => i.name,
  url: (i) => i.url,
  shortCode: (i) => i.shortCode,
  id: (i) => i.id,
};

/** `name`, `url`, `shortCode`, `id`, or a template with `{name}`-style placeholders. */
export function captionText(spec: string): (info: CodeInfo) => string {
  if (FIELDS[spec]) return FIELDS[spec];
  const names = [...spec.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  if (!names.length) throw new UsageError(`--caption ${spec}: expected name, url, shortCode, id, or a template such as '{name} · {shortCode}'`);
  const unknown = names.find((n) => !FIELDS[n]);
  if (unknown !== undefined) throw new UsageError(`--caption: unknown placeholder {${unknown}}; use ${Object.keys(FIELDS).map((k) => `{${k}}`).join(', ')}`);
  return (info) => spec.replace(/\{([^{}]*)\}/g, (_m, n: string) => FIELDS[n](info));
}

export interface CaptionFonts {
  /** The caption as runs of one font each; refuses (exit 2) text no font covers, naming the characters. */
  set(text: string): Caption;
}

export async function loadCaptionFonts(doc: PDFDocument): Promise<CaptionFonts> {
  const font: PDFFont = await doc.embedFont(StandardFonts.Helvetica);
  const covered = new Set(font.getCharacterSet());
  return {
    set(text: string): Caption {
      // eslint-disable-next-line no-control-regex
      const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
      const missing = [...new Set([...clean].filter((c) => !covered.has(c.codePointAt(0) as number)))];
      if (missing.length) {
        throw new UsageError(`--caption: cannot set ${missing.map((c) => `${c} (U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')})`).join(', ')} in "${clean}"; no caption font covers them`);
      }
      return { runs: [{ text: clean, font }] };
    },
  };
}

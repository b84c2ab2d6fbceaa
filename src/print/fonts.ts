// Captions under (or beside) each code: the text from a template, set in fonts that cover it.
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';
import { UsageError } from '../errors.js';
import type { Caption } from './compose.js';
import type { CodeInfo } from './fetch.js';

const FIELDS = new Map<string, (i: CodeInfo) => string>([
  ['name', (i) => i.name],
  ['url', (i) => i.url],
  ['shortCode', (i) => i.shortCode],
  ['id', (i) => i.id],
]);

/** `name`, `url`, `shortCode`, `id`, or a template with `{name}`-style placeholders. */
export function captionText(spec: string): (info: CodeInfo) => string {
  const field = FIELDS.get(spec);
  if (field) return field;
  const names = [...spec.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  if (!names.length)
    throw new UsageError(
      `--caption ${spec}: expected name, url, shortCode, id, or a template such as '{name} · {shortCode}'`,
    );
  const unknown = names.find((n) => !FIELDS.has(n));
  if (unknown !== undefined)
    throw new UsageError(
      `--caption: unknown placeholder {${unknown}}; use ${[...FIELDS.keys()].map((k) => `{${k}}`).join(', ')}`,
    );
  return (info) => spec.replace(/\{([^{}]*)\}/g, (_m, n: string) => FIELDS.get(n)!(info));
}

export interface CaptionFonts {
  /** The caption as runs of one font each, and the characters no font covers (left out of the runs). */
  set(text: string): { caption: Caption; missing: string[] };
  /** The refusal for characters no font covers (exit 2), naming each. */
  refusal(missing: Iterable<string>, example: string): UsageError;
}

interface Face {
  font: PDFFont;
  has: (cp: number) => boolean;
}

/**
 * The fonts given with --font (TrueType/OpenType files, in fallback order, embedded whole),
 * then Helvetica (Latin-1 only; needs no file). Each character is set in the first font that has it.
 */
export async function loadCaptionFonts(doc: PDFDocument, files: string[] = []): Promise<CaptionFonts> {
  const faces: Face[] = [];
  if (files.length) {
    const { default: fontkit } = await import('@pdf-lib/fontkit');
    doc.registerFontkit(fontkit);
    for (const file of files) {
      const bytes = await readFontFile(file);
      let face;
      try {
        face = fontkit.create(bytes);
      } catch (e) {
        throw new UsageError(`--font ${file}: not a TrueType or OpenType font (${(e as Error).message})`);
      }
      // Whole, not subset: pdf-lib's subsetter drops glyphs of some CJK fonts (seen with Droid Sans Fallback).
      const font = await doc.embedFont(bytes, { subset: false });
      faces.push({ font, has: (cp) => face.hasGlyphForCodePoint(cp) });
    }
  }
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const latin = new Set(helvetica.getCharacterSet());
  faces.push({ font: helvetica, has: (cp) => latin.has(cp) });
  return {
    set(text: string) {
      // eslint-disable-next-line no-control-regex
      const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' ').trim();
      const runs: Caption['runs'] = [];
      const missing = new Set<string>();
      for (const ch of clean) {
        const cp = ch.codePointAt(0) as number;
        // A space belongs to the run it is in (no font switch for it).
        const face =
          ch === ' ' && runs.length
            ? (faces.find((f) => f.font === runs[runs.length - 1].font && f.has(cp)) ?? faces.find((f) => f.has(cp)))
            : faces.find((f) => f.has(cp));
        if (!face) {
          missing.add(ch);
          continue;
        }
        const last = runs[runs.length - 1];
        if (last?.font === face.font) last.text += ch;
        else runs.push({ text: ch, font: face.font });
      }
      return { caption: { runs }, missing: [...missing] };
    },
    refusal(missing: Iterable<string>, example: string): UsageError {
      const list = [...missing]
        .map((c) => `${c} (U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')})`)
        .join(', ');
      return new UsageError(
        `--caption: cannot set ${list} (first in "${example}"): ${files.length ? 'none of the --font files has' : 'the built-in font (Latin-1) lacks'} ` +
          'these characters; add --font <file.ttf|otf> with a font that covers them (for example Noto Sans CJK or Noto Sans Arabic); no PDF written',
      );
    },
  };
}

async function readFontFile(file: string): Promise<Uint8Array> {
  const { readFile, stat } = await import('node:fs/promises');
  try {
    const st = await stat(file);
    if (!st.isFile()) throw new UsageError(`--font ${file}: not a regular file`);
    if (st.size > 64 * 1024 * 1024) throw new UsageError(`--font ${file}: larger than 64 MB`);
    return new Uint8Array(await readFile(file));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`--font ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

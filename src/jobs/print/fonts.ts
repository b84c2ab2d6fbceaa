// Captions under (or beside) each code: the text from a template, set in fonts that cover it.
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';
import { UsageError } from '../../errors.js';
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
  /**
   * Every caption of the run, before the first set(): each --font file is cut down to the characters
   * it will set (subset-font.ts) and embedded; a font no caption uses is not embedded at all.
   */
  prepare(texts: Iterable<string>): Promise<void>;
  /** The caption as runs of one font each, and the characters no font covers (left out of the runs). */
  set(text: string): { caption: Caption; missing: string[] };
  /** The refusal for characters no font covers (exit 2), naming each. */
  refusal(missing: Iterable<string>, example: string): UsageError;
}

interface Face {
  /** A --font file's bytes (embedded by prepare); the built-in Helvetica has none. */
  bytes?: Uint8Array;
  font?: PDFFont;
  has: (cp: number) => boolean;
  /** The characters prepare() found this face setting. */
  chars: Set<string>;
}

/**
 * The fonts given with --font (TrueType/OpenType files, in fallback order, subset to what the captions
 * use), then Helvetica (Latin-1 only; needs no file). Each character is set in the first font that has it.
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
      faces.push({ bytes, has: (cp) => face.hasGlyphForCodePoint(cp), chars: new Set() });
    }
  }
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const latin = new Set(helvetica.getCharacterSet());
  faces.push({ font: helvetica, has: (cp) => latin.has(cp), chars: new Set() });

  /** The text as runs of one face each; a space belongs to the run it is in (no font switch for it). */
  const assign = (text: string) => {
    // eslint-disable-next-line no-control-regex
    const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' ').trim();
    const runs: Array<{ text: string; face: Face }> = [];
    const missing = new Set<string>();
    for (const ch of clean) {
      const cp = ch.codePointAt(0) as number;
      const last = runs[runs.length - 1];
      const face = ch === ' ' && last?.face.has(cp) ? last.face : faces.find((f) => f.has(cp));
      if (!face) {
        missing.add(ch);
        continue;
      }
      if (last?.face === face) last.text += ch;
      else runs.push({ text: ch, face });
    }
    return { runs, missing };
  };

  return {
    async prepare(texts) {
      for (const text of texts) for (const run of assign(text).runs) for (const ch of run.text) run.face.chars.add(ch);
      for (const face of faces) {
        if (!face.bytes || !face.chars.size) continue;
        let bytes = face.bytes;
        try {
          const { subsetFont } = await import('./subset-font.js');
          bytes = await subsetFont(face.bytes, face.chars);
        } catch {
          // A font HarfBuzz cannot cut is embedded whole: a larger PDF, never a missing glyph.
        }
        face.font = await doc.embedFont(bytes, { subset: false });
      }
    },
    set(text: string) {
      const { runs, missing } = assign(text);
      return {
        caption: {
          runs: runs.map((r) => {
            if (!r.face.font) throw new Error('caption fonts used before prepare()');
            return { text: r.text, font: r.face.font };
          }),
        },
        missing: [...missing],
      };
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

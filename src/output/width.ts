// Terminal display width of text, by string-width (which ora measures its spinner line with): East
// Asian wide and fullwidth characters and emoji take two columns (a ZWJ family, a skin tone, a keycap
// or an emoji with its presentation selector is one emoji), combining marks and zero-width characters
// none. Tables pad and truncate by this width, never by string length. string-width sets up a
// segmenter and its Unicode tables as it loads (~30 ms), so it loads only for a run that draws a table
// or text or asks a question (loadWidth, awaited there); `-o json` never pays for it.

let measure: ((text: string) => number) | undefined;

/** Loads the measure of text beyond plain ASCII; awaited before anything is laid out in columns. */
export async function loadWidth(): Promise<void> {
  measure ??= (await import('string-width')).default;
}

const PLAIN = /^[\x20-\x7e]*$/;

/** Columns the text takes on a terminal (escape sequences take none: cells are escaped before this). */
export function displayWidth(text: string): number {
  if (PLAIN.test(text)) return text.length;
  // Without the measure (a layout that did not await loadWidth): one column a code point, never a crash.
  return measure ? measure(text) : [...text].length;
}

export const ELLIPSIS = '…';

let graphemes: Intl.Segmenter | undefined;

/** The text cut to at most `width` columns, ending in "…" when something was cut; never inside a character. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  const room = width - 1;
  let w = 0;
  let end = 0;
  for (const { segment } of (graphemes ??= new Intl.Segmenter()).segment(text)) {
    const cw = displayWidth(segment);
    if (w + cw > room) break;
    w += cw;
    end += segment.length;
  }
  return text.slice(0, end) + ELLIPSIS;
}

/** Pads with spaces to `width` columns, on the right (or the left, for numbers). */
export function pad(text: string, width: number, right = false): string {
  const fill = width - displayWidth(text);
  if (fill <= 0) return text;
  return right ? ' '.repeat(fill) + text : text + ' '.repeat(fill);
}

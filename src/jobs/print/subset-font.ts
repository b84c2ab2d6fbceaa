// A font cut down to the characters a run of captions sets, by HarfBuzz's subsetter (harfbuzzjs, the
// WebAssembly build of hb-subset). pdf-lib's own subsetter drops the glyphs of some CJK fonts (Droid
// Sans Fallback: every CJK caption came out blank), so fonts are subset here and embedded as they
// come out: a caption PDF holds kilobytes of font, not megabytes.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

interface HbSubset {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(n: number): number;
  free(p: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_set_clear(set: number): void;
  hb_set_invert(set: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_or_fail(face: number, input: number): number;
}

const HB_MEMORY_MODE_WRITABLE = 2;
const HB_SUBSET_SETS_LAYOUT_FEATURE_TAG = 6;

let loading: Promise<HbSubset> | undefined;
const ARABIC = /[\u0600-\u06ff\u0750-\u077f]/;

function harfbuzz(): Promise<HbSubset> {
  loading ??= (async () => {
    const wasm = createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
    const { instance } = await WebAssembly.instantiate(await readFile(wasm));
    const hb = instance.exports as unknown as HbSubset;
    hb._initialize();
    return hb;
  })();
  return loading;
}

/** The font with only the glyphs of `text` (and what shaping them needs); throws when HarfBuzz cannot. */
export async function subsetFont(font: Uint8Array, text: Iterable<string>): Promise<Uint8Array> {
  const hb = await harfbuzz();
  const input = hb.hb_subset_input_create_or_fail();
  if (!input) throw new Error('hb_subset_input_create_or_fail failed');
  const buffer = hb.malloc(font.byteLength);
  new Uint8Array(hb.memory.buffer).set(font, buffer);
  const blob = hb.hb_blob_create(buffer, font.byteLength, HB_MEMORY_MODE_WRITABLE, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  let subset = 0;
  try {
    const features = hb.hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG);
    hb.hb_set_clear(features);
    hb.hb_set_invert(features); // every layout feature kept (Arabic joining forms, CJK variants)
    const unicodes = hb.hb_subset_input_unicode_set(input);
    for (const ch of text) hb.hb_set_add(unicodes, ch.codePointAt(0)!);
    if (ARABIC.test([...text].join(''))) for (let cp = 0xfb50; cp <= 0xfeff; cp++) hb.hb_set_add(unicodes, cp);
    subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error('hb_subset_or_fail failed');
    const out = hb.hb_face_reference_blob(subset);
    try {
      const at = hb.hb_blob_get_data(out, 0);
      const length = hb.hb_blob_get_length(out);
      if (!length) throw new Error('the subset font is empty');
      return new Uint8Array(hb.memory.buffer).slice(at, at + length);
    } finally {
      hb.hb_blob_destroy(out);
    }
  } finally {
    hb.hb_subset_input_destroy(input);
    if (subset) hb.hb_face_destroy(subset);
    hb.hb_face_destroy(face);
    hb.free(buffer);
  }
}

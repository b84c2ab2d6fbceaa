// First and last name from one `contact.name`, the way CRM importers want them (README "CRM presets").
//   "Ada Lovelace" → Ada / Lovelace; "Ludwig van Beethoven" → Ludwig / van Beethoven (lower-case
//   particles start the last name); "Martin Luther King Jr." → Martin Luther / King Jr. (suffixes stay
//   with it); "Lovelace, Ada" → Ada / Lovelace; "Cher" → (empty) / Cher (the importers need a last
//   name, not a first one); "渡辺 健二" → 健二 / 渡辺 (CJK names are written family name first);
//   "渡辺健二" → (empty) / 渡辺健二 (no space: the split point is not knowable, nothing is guessed).

export interface SplitName {
  first: string;
  last: string;
}

const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'dos',
  'das',
  'du',
  'la',
  'le',
  'lo',
  'ter',
  'ten',
  'bin',
  'ibn',
  'al',
  'el',
  'st.',
  'zu',
]);
const SUFFIXES = /^(jr\.?|sr\.?|i{2,3}|iv|v|phd|ph\.d\.|md|m\.d\.|esq\.?)$/i;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function splitName(raw: string | null | undefined): SplitName {
  const name = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!name) return { first: '', last: '' };
  const comma = name.match(/^([^,]+),\s*([^,]+)$/);
  if (comma && !SUFFIXES.test(comma[2].trim())) return { first: comma[2].trim(), last: comma[1].trim() };
  const tokens = name.split(' ');
  if (tokens.length === 1) return { first: '', last: name };
  if (CJK.test(name)) return { first: tokens.slice(1).join(' '), last: tokens[0] };
  let end = tokens.length;
  while (end > 2 && SUFFIXES.test(tokens[end - 1].replace(/,$/, ''))) end--;
  let start = end - 1;
  while (
    start > 1 &&
    PARTICLES.has(tokens[start - 1].toLowerCase()) &&
    tokens[start - 1] === tokens[start - 1].toLowerCase()
  )
    start--;
  return {
    first: tokens.slice(0, start).join(' '),
    last: tokens
      .slice(start)
      .join(' ')
      .replace(/,(?= )/g, ''),
  };
}

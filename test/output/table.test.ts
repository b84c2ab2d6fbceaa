// The compact table pieces: display width (wide CJK = 2 columns, combining marks 0), cutting with
// an ellipsis, and fitting column widths into a terminal width.
import { beforeAll, describe, expect, it } from 'vitest';
import { tableWidth } from '../../src/output/settings.js';
import { type Cell, formatRow, layout, oneLine } from '../../src/output/table.js';
import { displayWidth, truncate, loadWidth } from '../../src/output/width.js';

// Tables measure text beyond ASCII with string-width, loaded before any layout (src/output/width.ts).
beforeAll(loadWidth);

const plain = (_c: Cell, text: string) => text;
const cells = (...texts: string[]): Cell[] => texts.map((text) => ({ text }));

describe('display width', () => {
  it('counts wide characters as two columns and combining marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('渡辺 健二')).toBe(9);
    expect(displayWidth('田中精機')).toBe(8);
    expect(displayWidth('Zoë')).toBe(3);
    expect(displayWidth('Zoe\u0308')).toBe(3);
    expect(displayWidth('한국어')).toBe(6);
    expect(displayWidth('ＡＢ')).toBe(4);
    expect(displayWidth('😀x')).toBe(3);
  });

  it('counts an emoji sequence as one emoji: a family, a skin tone, a flag, a keycap, a presentation selector', () => {
    expect(displayWidth('👨‍👩‍👧')).toBe(2);
    expect(displayWidth('👍🏽')).toBe(2);
    expect(displayWidth('🏳️‍🌈')).toBe(2);
    expect(displayWidth('🇯🇵')).toBe(2);
    expect(displayWidth('1️⃣')).toBe(2);
    expect(displayWidth('❤️ ok')).toBe(5);
    expect(displayWidth('❤')).toBe(1); // text presentation
    expect(displayWidth('\u001b[31mred\u001b[39m')).toBe(3); // escape sequences take no column
  });

  it('cuts by columns, never through a wide character, and ends in an ellipsis', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abcd', 4)).toBe('abcd');
    expect(truncate('渡辺健二', 5)).toBe('渡辺…');
    expect(truncate('渡辺健二', 4)).toBe('渡…');
    expect(displayWidth(truncate('渡辺健二', 4))).toBeLessThanOrEqual(4);
    expect(truncate('abc', 0)).toBe('');
    expect(truncate('👨‍👩‍👧 family', 4)).toBe('👨‍👩‍👧 …');
    expect(truncate('👨‍👩‍👧👨‍👩‍👧', 3)).toBe('👨‍👩‍👧…');
  });
});

describe('layout', () => {
  it('uses the natural widths when there is room, with numbers right-aligned', () => {
    const l = layout(
      ['ID', 'SCANS'],
      [
        [{ text: 'qr_a' }, { text: '5', numeric: true }],
        [{ text: 'qr_bb' }, { text: '120', numeric: true }],
      ],
      80,
    );
    expect(l.widths).toEqual([5, 5]);
    expect(l.right).toEqual([false, true]);
    const lines = [
      formatRow(cells('ID', 'SCANS'), l, plain),
      formatRow([{ text: 'qr_a' }, { text: '5', numeric: true }], l, plain),
    ];
    expect(lines).toEqual(['ID     SCANS\n', 'qr_a       5\n']);
  });

  it('shrinks the widest columns first until the row fits, and cuts their cells', () => {
    const sample = [cells('crd_1', 'a'.repeat(50), 'published', 'x'.repeat(30))];
    const l = layout(['ID', 'NAME', 'STATUS', 'URL'], sample, 40);
    expect(l.widths.reduce((a, b) => a + b, 0) + 2 * 3).toBe(40);
    expect(l.widths[0]).toBe(5); // narrow columns keep their width
    expect(l.widths[2]).toBe(9);
    const line = formatRow(sample[0], l, plain);
    expect(displayWidth(line.trimEnd())).toBeLessThanOrEqual(40);
    expect(line).toContain('…');
  });

  it('fits even a tiny width, and never cuts without a width (off a terminal)', () => {
    const sample = [cells('crd_aleksandra', 'Aleksandra Wiśniewska', 'published', 'yes', 'aleksandra-w')];
    const tiny = layout(['ID', 'NAME', 'STATUS', 'PAUSED', 'SHORT CODE'], sample, 24);
    expect(displayWidth(formatRow(sample[0], tiny, plain).trimEnd())).toBeLessThanOrEqual(24);
    const free = layout(['ID', 'NAME', 'STATUS', 'PAUSED', 'SHORT CODE'], sample);
    expect(free.cut).toBe(false);
    expect(formatRow(sample[0], free, plain)).toBe(
      'crd_aleksandra  Aleksandra Wiśniewska  published  yes     aleksandra-w\n',
    );
  });

  it('leaves out whole columns by priority (rightmost of equals first), never cuts a whole column', () => {
    const headers = ['ID', 'NAME', 'STATUS', 'URL', 'UPDATED'];
    const sample = [
      cells('crd_aleksandra', 'Aleksandra Wiśniewska', 'published (paused)', 'https://x.example/c/a', '9d'),
    ];
    const fits = [
      { priority: 0, whole: true, min: 8 },
      { priority: 1, whole: false, min: 10 },
      { priority: 1, whole: true, min: 8 },
      { priority: 3, whole: true, min: 8 },
      { priority: 2, whole: true, min: 8 },
    ];
    const at = (w: number) => layout(headers, sample, w, fits);
    expect(at(200).dropped).toEqual([]);
    expect(at(80).dropped).toEqual([]); // the name cut, not below its least width
    expect(at(80).widths[1]).toBe(12);
    expect(at(70).dropped).toEqual([3]); // then the url is left out
    expect(at(50).dropped).toEqual([3, 4]); // then updated
    expect(at(40).dropped).toEqual([2, 3, 4]); // then the status, the rightmost of priority 1
    for (const w of [80, 70, 60, 50, 40]) {
      const line = formatRow(sample[0], at(w), plain);
      expect(displayWidth(line.trimEnd()), line).toBeLessThanOrEqual(w);
      expect(line).not.toMatch(/crd_\S*…|https?:\S*…|published \(pa\S*…/);
    }
    // A column that is never left out stays whole even when it alone is too wide.
    const narrow = layout(headers, sample, 10, fits);
    expect(narrow.shown).toEqual([0]);
    expect(formatRow(sample[0], narrow, plain)).toBe('crd_aleksandra\n');
  });

  it('pads by display width, so wide characters keep the columns aligned', () => {
    const rows = [cells('渡辺 健二', 'published'), cells('Zoë', 'draft')];
    const l = layout(['NAME', 'STATUS'], rows);
    const [a, b] = rows.map((r) => formatRow(r, l, plain));
    expect(displayWidth(a.slice(0, a.indexOf('published')))).toBe(displayWidth(b.slice(0, b.indexOf('draft'))));
  });
});

describe('terminal width and one-line cells', () => {
  it('takes $COLUMNS first, then the terminal, and nothing off a terminal', () => {
    expect(tableWidth({ COLUMNS: '40' }, true, 120)).toBe(40);
    expect(tableWidth({ COLUMNS: '40' }, false, 80)).toBe(40);
    expect(tableWidth({}, true, 120)).toBe(120);
    expect(tableWidth({ COLUMNS: 'wide' }, true, 90)).toBe(90);
    expect(tableWidth({}, false, 80)).toBeUndefined();
  });

  it('turns line breaks and tabs into spaces', () => {
    expect(oneLine('a\nb\r\nc\td')).toBe('a b c d');
  });
});

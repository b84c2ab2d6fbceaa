// Captions with the names we import (test/fixtures/demo/people.csv): Latin, Greek, Cyrillic, CJK,
// Arabic. The built-in font sets Latin-1; --font files cover the rest; anything no font covers is
// refused by name. The text is read back with poppler's pdftotext and the codes still decode.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHEET_PRESETS } from '../../../src/jobs/print/sheets.js';
import { runCli } from '../../helpers/run-cli.js';
import { decodeRegion, inkIn, KEY, rasterPages, tmp, usePrintEmulator } from './_support.js';

const emu = usePrintEmulator();
// Fonts the poppler/ghostscript packages install (DejaVu: Latin, Greek, Cyrillic, Arabic; Droid Sans Fallback: CJK ideographs and kana).
const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const DROID = execFileSync(
  'sh',
  [
    '-c',
    'ls /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf /usr/share/ghostscript/*/Resource/CIDFSubst/DroidSansFallback.ttf 2>/dev/null | head -1',
  ],
  { encoding: 'utf8' },
).trim();
const L7163 = SHEET_PRESETS.find((p) => p.name === 'L7163')!;

async function card(
  firstName: string,
  lastName: string,
): Promise<{ id: string; url: string; shortCode: string; name: string }> {
  const res = await fetch(`${emu.baseUrl}/cards`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fields: { firstName, lastName } }),
  });
  if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
  return res.json() as Promise<{ id: string; url: string; shortCode: string; name: string }>;
}

const people = (): string[][] =>
  readFileSync('test/fixtures/demo/people.csv', 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').slice(1, 3));

describe('cardqr print --caption', () => {
  it('the fonts this test uses are installed', () => {
    expect(existsSync(DEJAVU)).toBe(true);
    expect(DROID).toMatch(/DroidSansFallback(Full)?\.ttf$/);
  });

  it('Latin-1 names need no font file; the caption sits beside the code, which still decodes', async () => {
    const c = await card('José María', 'García Núñez');
    const out = join(tmp(), 'cap.pdf');
    const r = await runCli(['print', c.id, '--sheet', 'L7163', '--caption', '{name} · {shortCode}', '-O', out], {
      emu,
      configDir: tmp(),
    });
    expect(r.exitCode).toBe(0);
    expect(execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' })).toContain(
      `José María García Núñez · ${c.shortCode}`,
    );
    expect(
      await decodeRegion(rasterPages(out)[0], {
        x: L7163.left,
        y: L7163.top,
        w: L7163.label.width * 0.6,
        h: L7163.label.height,
      }),
    ).toEqual([c.url]);
  });

  it('names in Greek, Cyrillic, Chinese, Japanese and Arabic are set with --font files', async () => {
    const wanted = ['Αικατερίνη', 'Димитър', '伟', '美咲', 'محمد'];
    const rows = people().filter(([first]) => wanted.includes(first));
    expect(rows).toHaveLength(5);
    const cards = [];
    for (const [first, last] of rows) cards.push(await card(first, last));
    const out = join(tmp(), 'cap.pdf');
    const r = await runCli(
      [
        'print',
        ...cards.map((c) => c.id),
        '--sheet',
        'L7163',
        '--caption',
        'name',
        '--font',
        DEJAVU,
        '--font',
        DROID,
        '-O',
        out,
      ],
      { emu, configDir: tmp() },
    );
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringMatching(/placed 5 codes/)]);
    // pdftotext drops the space between CJK words and may mark Arabic with bidi controls: compare without them.
    const bare = (s: string) => s.replace(/[\s\u200e\u200f\u202a-\u202e]/g, '');
    const text = bare(execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' }));
    for (const c of cards) {
      // Arabic may come back in visual order: accept either direction.
      const reversed = [...bare(c.name)].reverse().join('');
      expect(text.includes(bare(c.name)) || text.includes(reversed), `${c.name} in ${JSON.stringify(text)}`).toBe(true);
    }
    const page = rasterPages(out)[0];
    for (let i = 0; i < cards.length; i++) {
      const box = {
        x: L7163.left + (i % 2) * L7163.pitchX,
        y: L7163.top + Math.floor(i / 2) * L7163.pitchY,
        w: L7163.label.height,
        h: L7163.label.height,
      };
      expect(await decodeRegion(page, box)).toEqual([cards[i].url]);
      // The caption beside the code is drawn, not only present as text: a subsetter that lost the CJK
      // glyphs left pdftotext happy and the labels blank.
      const caption = { x: box.x + L7163.label.height, y: box.y, w: L7163.label.width - L7163.label.height, h: box.h };
      expect(await inkIn(page, caption), `caption of ${cards[i].name}`).toBeGreaterThan(0.002);
    }
    // Fonts are cut down to what the captions set: kilobytes, not the 2.7 MB of both fonts whole.
    expect(statSync(out).size).toBeLessThan(200 * 1024);
  });

  it('characters no font covers are refused by name (exit 2), over the whole run, and no PDF is written', async () => {
    const greek = await card('Αικατερίνη', 'Παπαδοπούλου');
    const korean = await card('지민', '김');
    const dir = tmp();
    const out = join(dir, 'cap.pdf');
    const r = await runCli(['print', greek.id, korean.id, '--sheet', 'L7163', '--caption', 'name', '-O', out], {
      emu,
      configDir: tmp(),
    });
    expect(r.exitCode).toBe(2);
    expect(readdirSync(dir)).toEqual([]); // a refusal leaves no image cache beside the PDF either
    expect(r.stderr).toMatch(
      /--caption: cannot set Α \(U\+0391\), ι \(U\+03B9\).* 지 \(U\+C9C0\), 민 \(U\+BBFC\), 김 \(U\+AE40\) \(first in "Αικατερίνη Παπαδοπούλου"\): the built-in font \(Latin-1\) lacks these characters; add --font/,
    );
    expect(existsSync(out)).toBe(false);
    // With fonts that cover Greek but not Hangul, only the Hangul is named.
    const r2 = await runCli(
      [
        'print',
        greek.id,
        korean.id,
        '--sheet',
        'L7163',
        '--caption',
        'name',
        '--font',
        DEJAVU,
        '--font',
        DROID,
        '-O',
        out,
      ],
      { emu, configDir: tmp() },
    );
    expect(r2.exitCode).toBe(2);
    expect(r2.stderr).toMatch(
      /cannot set 지 \(U\+C9C0\), 민 \(U\+BBFC\), 김 \(U\+AE40\) \(first in "지민 김"\): none of the --font files has/,
    );
  });

  it('a --font that is not a font is a usage error before anything is sent', async () => {
    const bad = join(tmp(), 'x.ttf');
    (await import('node:fs')).writeFileSync(bad, 'not a font');
    const r = await runCli(
      ['print', 'crd_1', '--size', '30mm', '--caption', 'name', '--font', bad, '-O', join(tmp(), 'a.pdf')],
      { emu, configDir: tmp() },
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--font .*x\.ttf: not a TrueType or OpenType font/);
    expect(emu.requests()).toHaveLength(0);
  });
});

// Tables for people: compact (no borders, no rule between rows), fitted to $COLUMNS or the terminal
// with "…" instead of wrapping, wide characters counted as two columns, numbers right-aligned, an
// empty-state line on stderr; off a terminal plain text with nothing cut.
import { beforeAll, describe, expect, it } from 'vitest';
import { displayWidth, loadWidth } from '../../src/output/width.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';

// Tables measure text beyond ASCII with string-width, loaded before any layout (src/output/width.ts).
beforeAll(loadWidth);

const emu = useEmulator();
const ESC = /\x1b\[/;
const BOX = /[─│┌┐└┘├┤┬┴┼]/;
const lines = (text: string) => text.trimEnd().split('\n');

describe('list tables', () => {
  it('fit $COLUMNS on a terminal: every line within 40 columns, low-priority columns left out whole', async () => {
    const r = await runCli(['cards', 'list', '--all'], { emu, tty: true, env: { COLUMNS: '40', NO_COLOR: '1' } });
    expect(r.exitCode).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]).toMatch(/^ID {2,}NAME$/);
    expect(out.find((l) => l.startsWith('crd_aleksandra '))).toBeDefined(); // the id is never cut
    expect(out.length).toBe(12); // the header and one line per card: nothing wraps
    for (const l of out) expect(displayWidth(l), l).toBeLessThanOrEqual(40);
    expect(r.stdout).not.toMatch(/https?:/); // a URL that does not fit is left out, never cut
    expect(r.stdout).not.toMatch(BOX);
    // At 60 columns the names are cut with … rather than leaving out the status.
    const mid = await runCli(['cards', 'list', '--all'], { emu, tty: true, env: { COLUMNS: '56', NO_COLOR: '1' } });
    expect(lines(mid.stdout)[0]).toMatch(/^ID {2,}NAME {2,}STATUS$/);
    expect(mid.stdout).toContain('…');
    expect(mid.stdout).toMatch(/published \(paused\)/);
    // What does not fit even cut is left out, and stderr says which.
    // ... wrapped to the terminal too.
    expect(r.stderr.replace(/\n {2}/g, ' ')).toBe(
      'note: left out to fit 40 columns: status, short code, url, updated; --fields picks others\n',
    );
    for (const l of lines(r.stderr)) expect(displayWidth(l), l).toBeLessThanOrEqual(40);
    const tiny = await runCli(['cards', 'list', '--fields', 'id,name'], {
      emu,
      tty: true,
      env: { COLUMNS: '30', NO_COLOR: '1' },
    });
    expect(tiny.stderr).toBe('');
    for (const l of lines(tiny.stdout)) expect(displayWidth(l)).toBeLessThanOrEqual(30);
  });

  it('fit the terminal width when $COLUMNS is not set', async () => {
    const r = await runCli(['cards', 'list'], { emu, tty: true, columns: 72, env: { NO_COLOR: '1' } });
    for (const l of lines(r.stdout)) expect(displayWidth(l)).toBeLessThanOrEqual(72);
  });

  it('compact: a header, one line per row, no borders and no rule between rows', async () => {
    const r = await runCli(['cards', 'list', '--limit', '3'], { emu, tty: true, columns: 200, env: { NO_COLOR: '1' } });
    const out = lines(r.stdout);
    expect(out).toHaveLength(4);
    expect(out[0]).toMatch(/^ID {2,}NAME {2,}STATUS {2,}SHORT CODE {2,}URL {2,}UPDATED$/);
    expect(r.stdout).not.toMatch(BOX);
    expect(r.stdout).not.toContain('…');
  });

  it('count wide characters as two columns: the next column starts at the same place on every line', async () => {
    const r = await runCli(['cards', 'list', '--all', '-o', 'table'], { emu, env: { NO_COLOR: '1' } });
    const out = lines(r.stdout);
    const kenji = out.find((l) => l.startsWith('crd_kenji')) as string;
    expect(kenji).toContain('渡辺 健二');
    const statusAt = (l: string, word: string) => displayWidth(l.slice(0, l.indexOf(word, l.indexOf('  '))));
    expect(statusAt(kenji, 'published')).toBe(statusAt(out[0], 'STATUS'));
    const zoe = out.find((l) => l.startsWith('crd_zoe')) as string;
    expect(statusAt(zoe, 'published')).toBe(statusAt(out[0], 'STATUS'));
  });

  it('right-align numbers (scans)', async () => {
    const r = await runCli(['qr', 'list', '--all', '-o', 'table', '--fields', 'id,scanCount,name'], {
      emu,
      env: { NO_COLOR: '1' },
    });
    const out = lines(r.stdout);
    const end = (l: string, re: RegExp) => {
      const m = re.exec(l) as RegExpExecArray;
      return displayWidth(l.slice(0, m.index + m[0].length));
    };
    const headerEnd = end(out[0], /SCANCOUNT/);
    const counts = out.slice(1).map((l) => end(l, /(?<=^\S+ +)\d+/));
    expect(new Set(counts)).toEqual(new Set([headerEnd]));
    expect(out.slice(1).some((l) => / {2}\d\s/.test(l.slice(0, headerEnd + 1)))).toBe(true); // a short number is padded on the left
  });

  it('off a terminal `-o table` stays plain text: no colour, nothing cut', async () => {
    const r = await runCli(['cards', 'list', '-o', 'table'], { emu, env: {} });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).not.toMatch(ESC);
    expect(r.stdout).not.toContain('…');
    expect(r.stdout).toContain(`${emu.publicBaseUrl}/c/aleksandra-w`);
    expect(r.stdout).toMatch(/2026-\d\d-\d\dT/); // dates as written, not "2 days ago"
  });

  it('an empty result: nothing on stdout, "no cards match" on stderr, exit 0', async () => {
    const r = await runCli(['cards', 'list', '--search', 'nobody-by-this-name'], { emu, tty: true });
    expect([r.exitCode, r.stdout, r.stderr]).toEqual([0, '', 'no cards match\n']);
    const q = await runCli(['qr', 'list', '--search', 'nobody-by-this-name', '-o', 'table'], { emu });
    expect([q.stdout, q.stderr]).toEqual(['', 'no QR codes match\n']);
    const j = await runCli(['cards', 'list', '--search', 'nobody-by-this-name', '-o', 'json'], { emu });
    expect([j.stdout, j.stderr]).toEqual(['[]\n', '']);
  });

  it('a line break inside a cell does not break the row', async () => {
    const card = emu.store.cards.find((c) => c.id === 'crd_zoe');
    if (card) card.name = 'Zoë\nMüller';
    const r = await runCli(['cards', 'list', '-o', 'table'], { emu, env: { NO_COLOR: '1' } });
    expect(r.stdout).toContain('Zoë Müller');
    expect(lines(r.stdout)).toHaveLength(12);
  });
});

describe('record tables', () => {
  it('key and value columns without borders; a multi-line value continues under the value column', async () => {
    const r = await runCli(['cards', 'get', 'crd_kenji'], { emu, tty: true, env: { NO_COLOR: '1' } });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).not.toMatch(BOX);
    const out = lines(r.stdout);
    expect(out[0]).toMatch(/^id {2,}crd_kenji$/);
    const at = out.findIndex((l) => l.startsWith('fields'));
    const indent = out[at].indexOf('firstName');
    expect(out[at + 1].indexOf('lastName')).toBe(indent);
    expect(out[at + 1].slice(0, indent).trim()).toBe('');
  });
});

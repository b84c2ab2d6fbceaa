// imageProblem (src/api/image-check.ts): the bytes of an image answer against the format asked for and its Content-Type.
import { describe, expect, it } from 'vitest';
import { imageProblem } from '../../src/api/image-check.js';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));
const GOOD = {
  png: [bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'), 'image/png'],
  jpeg: [bytes([0xff, 0xd8, 0xff, 0xe0], 'rest'), 'image/jpeg'],
  pdf: [bytes('%PDF-1.7\n'), 'application/pdf'],
  webp: [bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8L'), 'image/webp'],
  svg: [
    bytes('\uFEFF<?xml version="1.0"?>\n<!-- made here -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
    'image/svg+xml; charset=utf-8',
  ],
} as const;

describe('imageProblem', () => {
  it.each(Object.entries(GOOD))('%s with its magic bytes and Content-Type: no problem', (format, [b, type]) => {
    expect(imageProblem(format as keyof typeof GOOD, type, b)).toBeUndefined();
    expect(imageProblem(format as keyof typeof GOOD, undefined, b)).toBeUndefined();
  });

  it.each(Object.keys(GOOD))('%s: HTML, JSON, an empty body or another format is a problem', (format) => {
    const f = format as keyof typeof GOOD;
    expect(imageProblem(f, GOOD[f][1], bytes('<html><body>502</body></html>'))).toMatch(/are not/);
    expect(imageProblem(f, GOOD[f][1], bytes('{"error":{}}'))).toMatch(/are not/);
    expect(imageProblem(f, GOOD[f][1], Buffer.alloc(0))).toMatch(/empty body/);
    const other = f === 'png' ? 'jpeg' : 'png';
    expect(imageProblem(f, GOOD[f][1], GOOD[other][0])).toMatch(/are not/);
  });

  it('a Content-Type other than the format asked for is a problem, whatever the bytes', () => {
    expect(imageProblem('png', 'text/html', GOOD.png[0])).toMatch(/Content-Type "text\/html" for format png/);
    expect(imageProblem('svg', 'image/png', GOOD.svg[0])).toMatch(/expected image\/svg\+xml/);
  });
});

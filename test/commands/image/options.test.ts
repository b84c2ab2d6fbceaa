// argv → options for `cardqr image`: the real parser (the manifest's flags, through the seam before
// run) feeding parseImageOptions, as a table. Nothing is sent.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseImageOptions, type ImageInput, type ImageOptions } from '../../../src/commands/image/options.js';
import { inputOf } from '../../helpers/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'cardqr-image-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'taken.png'), 'x');

const ENV = { stdoutTTY: false, apiKeyStdin: false };

/** Parses argv with the real parser; returns the options, or the error's message. */
async function options(argv: string[], env = ENV): Promise<ImageOptions | string> {
  const { input, stderr } = await inputOf(['image', ...argv]);
  if (!input) return stderr;
  const { ids, ...flags } = input as ImageInput & { ids: string[] };
  try {
    return parseImageOptions(ids, flags, env);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

describe('cardqr image: argv → options', () => {
  test.each<[string[], Partial<ImageOptions> & { query?: Partial<ImageOptions['query']> }]>([
    [
      ['qr_1'],
      {
        query: { format: 'png', size: 512, transparent: false },
        dir: '.',
        force: false,
        batch: false,
        fromStdin: false,
      },
    ],
    [
      ['qr_1', '-f', 'svg', '--size', '1024', '--transparent'],
      { query: { format: 'svg', size: 1024, transparent: true } },
    ],
    [
      ['qr_1', '-O', join(dir, 'code.pdf')],
      { query: { format: 'pdf', size: 512, transparent: false }, out: join(dir, 'code.pdf') },
    ],
    [['qr_1', '-O', join(dir, 'code.JPG')], { query: { format: 'jpeg', size: 512, transparent: false } }],
    [['qr_1', '-O', join(dir, 'taken.png'), '--force'], { force: true, out: join(dir, 'taken.png') }],
    [['qr_1', '-O', '-'], { out: '-' }],
    [['a', 'b', '-d', 'print/'], { batch: true, dir: 'print/' }],
    [['-'], { batch: true, fromStdin: true }],
  ])('%j', async (argv, want) => {
    expect(await options(argv)).toMatchObject(want);
  });

  test.each<[string[], RegExp]>([
    [['qr_1', '--size', '127'], /--size/],
    [['qr_1', '--size', '4097'], /--size/],
    [['qr_1', '-f', 'gif'], /Allowed choices are png, svg, pdf, jpeg, webp/],
    [['qr_1', '-f', 'pdf', '--transparent'], /--transparent works only with png, webp, svg \(not pdf\)/],
    [['a', 'b', '-O', 'x.png'], /-O\/--out takes exactly one id/],
    [['qr_1', '-O', 'x.png', '-d', 'out'], /either -O\/--out <file> or -d\/--dir <dir>/],
    [['qr_1', '-O', join(dir, 'x.svg'), '-f', 'png'], /looks like svg but --format is png/],
    [['qr_1', '-O', join(dir, 'taken.png')], /refusing to overwrite .*taken\.png/],
    [['qr_1', '-O', dir], /is a directory; use -d/],
    [['qr_1', '-O', join(dir, 'missing', 'x.png')], /directory .*missing does not exist/],
    [[], /missing required argument/],
  ])('%j is refused', async (argv, why) => {
    expect(await options(argv)).toMatch(why);
  });

  test('image bytes are never written to a terminal', async () => {
    expect(await options(['qr_1', '-O', '-'], { stdoutTTY: true, apiKeyStdin: false })).toMatch(
      /refusing to write image bytes to a terminal/,
    );
  });

  test('ids on standard input cannot share it with the API key', async () => {
    expect(await options(['-'], { stdoutTTY: false, apiKeyStdin: true })).toMatch(
      /cannot be combined with --api-key-stdin/,
    );
  });
});

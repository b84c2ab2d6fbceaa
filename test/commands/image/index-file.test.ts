// The image index (which file holds which id): a line cut short by a full disk or a kill loses only itself.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ImageQuery } from '../../../src/api/images.js';
import { ImageIndex } from '../../../src/jobs/images/index-file.js';
import { tempDir } from '../../helpers/run-cli.js';

const q: ImageQuery = { format: 'png', size: 512, transparent: false };

describe('ImageIndex', () => {
  test('an entry written after a torn last line starts on its own line and is read back', () => {
    const file = join(tempDir(), 'index.ndjson');
    writeFileSync(file, `${JSON.stringify({ id: 'qr_a', ...q, file: 'a.png' })}\n{"id":"qr_b","for`);
    new ImageIndex(file).add('qr_c', q, '/images/c.png');
    const again = new ImageIndex(file);
    expect([again.get('qr_a', q), again.get('qr_b', q), again.get('qr_c', q)]).toEqual(['a.png', undefined, 'c.png']);
    expect(readFileSync(file, 'utf8').endsWith('"file":"c.png"}\n')).toBe(true);
  });
});

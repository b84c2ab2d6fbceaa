// The image index (which file holds which id): a line cut short by a full disk or a kill loses only itself.
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
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

  test('a large index is read line by line: entries across chunk edges, an over-long line, multi-byte names, a torn tail', () => {
    // About 40 MB of entries of other ids (many runs over many directories' worth), with the run's ids
    // at the start, across chunk boundaries, after a line longer than any entry, and at the end.
    const file = join(tempDir(), 'big.ndjson');
    const fd = openSync(file, 'w');
    const line = (id: string, name: string) => `${JSON.stringify({ id, ...q, file: name })}\n`;
    writeSync(fd, line('qr_first', 'first.png'));
    let batch = '';
    for (let i = 0; i < 400_000; i++) {
      batch += line(`qr_other${i}`, `other-${i}-ünïcødé-名前.png`);
      if (i === 200_000)
        batch += `{"id":"qr_long","file":"${'x'.repeat(100_000)}"}\n` + line('qr_after_long', 'after.png');
      if (batch.length > 1 << 20) {
        writeSync(fd, batch);
        batch = '';
      }
    }
    writeSync(fd, batch + line('qr_last', 'café-名前.png') + '{"id":"qr_torn","fi');
    closeSync(fd);
    const wanted = ['qr_first', 'qr_long', 'qr_after_long', 'qr_last', 'qr_other399999', 'qr_torn', 'qr_absent'];
    const index = new ImageIndex(file, wanted);
    expect(wanted.map((id) => index.get(id, q))).toEqual([
      'first.png',
      undefined,
      'after.png',
      'café-名前.png',
      'other-399999-ünïcødé-名前.png',
      undefined,
      undefined,
    ]);
    // A new entry starts on its own line after the torn one, and is read back.
    index.add('qr_new', q, '/images/new.png');
    expect(new ImageIndex(file, ['qr_new']).get('qr_new', q)).toBe('new.png');
  });
});

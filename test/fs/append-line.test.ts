// appendLineDurably (the dead-letter file): a regular file gets the line, fsynced; a FIFO without a
// reader fails at once instead of blocking, and a FIFO with one or a device is refused, never written.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendLineDurably, WriteError } from '../../src/fs/durable.js';
import { tempDir } from '../helpers/run-cli.js';

describe('appendLineDurably', () => {
  it('appends whole lines to a regular file, creating it 0600', async () => {
    const path = join(tempDir(), 'dead.ndjson');
    await appendLineDurably(path, '{"a":1}');
    await appendLineDurably(path, '{"b":2}\n');
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}\n{"b":2}\n');
  });

  it('a FIFO with no reader: fails at once (no blocked thread), nothing written', async () => {
    const path = join(tempDir(), 'dead.fifo');
    execFileSync('mkfifo', [path]);
    await expect(appendLineDurably(path, '{"a":1}')).rejects.toBeInstanceOf(WriteError);
  });

  it('a device: refused as no regular file', async () => {
    await expect(appendLineDurably('/dev/null', '{"a":1}')).rejects.toThrow(/not a regular file/);
  });
});

// File names from the server's Content-Disposition: never a path, never a name that reads backwards.
import { describe, expect, test } from 'vitest';
import { safeFileName } from '../../src/api/images.js';

describe('safeFileName', () => {
  test.each([
    ['qr_1.png', 'qr_1.png'],
    ['../../etc/passwd', 'passwd'],
    ['..\\evil.png', 'evil.png'],
    ['.hidden.png', 'hidden.png'],
    ['a\x1b[2Jb.png', 'a[2Jb.png'],
    ['\u202Egnp.exe', 'gnp.exe'],
    ['x\u009b31m.png', 'x31m.png'],
    ['\u2066a\u2069.png', 'a.png'],
  ])('%j → %j', (name, want) => {
    expect(safeFileName(name)).toBe(want);
  });

  test('nothing usable left: undefined', () => {
    expect(safeFileName('\u202E')).toBeUndefined();
    expect(safeFileName('...')).toBeUndefined();
  });
});

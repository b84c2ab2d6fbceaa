// A profile's CA file is read and checked before any request (src/config/ca-file.ts): missing,
// unreadable, a folder, empty of certificates or holding a damaged one is exit 2 naming the path and
// the profile.
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { absoluteCaPath, loadCaFile } from '../../src/config/ca-file.js';
import { UsageError } from '../../src/errors.js';
import { tempDir } from '../helpers/temp-dirs.js';
import { createTestCa, writePem } from '../helpers/test-ca.js';

const problem = (path: string) => {
  try {
    loadCaFile(path, { profile: 'corp' });
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return `${(e as UsageError).message}\n${(e as UsageError).lines.join('\n')}`;
  }
  throw new Error('no error');
};

describe('loadCaFile', () => {
  test('a PEM with certificates is read whole', async () => {
    const ca = await createTestCa();
    const path = writePem(`${ca.certPem}${(await createTestCa()).certPem}`);
    expect(loadCaFile(path, { profile: 'corp' })).toEqual({
      path,
      pem: expect.stringContaining(ca.certPem),
      profile: 'corp',
    });
  });

  test.each([
    ['missing', () => join(tempDir(), 'nope.pem'), /does not exist/],
    ['a folder', () => tempDir(), /is not a regular file/],
    [
      'empty of certificates',
      () => writePem('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'),
      /holds no certificate/,
    ],
    [
      'a damaged certificate',
      () => writePem('-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n'),
      /holds a certificate that cannot be read \(certificate 1 of 1\)/,
    ],
  ])('%s: exit 2 naming the path and the profile, and how to fix it', (_what, make, why) => {
    const path = make();
    const text = problem(path);
    expect(text).toMatch(why);
    expect(text).toContain(`the CA file ${path} of profile "corp" `);
    expect(text).toContain('nothing was sent');
    expect(text).toContain('cardqr profiles set corp --ca-file <ca.pem>');
  });

  test.skipIf(process.getuid?.() === 0)('unreadable: exit 2 with the reason', async () => {
    const path = writePem((await createTestCa()).certPem);
    chmodSync(path, 0o000);
    expect(problem(path)).toMatch(/cannot be read \(EACCES\)/);
  });

  test('a relative path is stored absolute', () => {
    expect(absoluteCaPath('ca.pem')).toBe(join(process.cwd(), 'ca.pem'));
    expect(absoluteCaPath('/etc/ca.pem')).toBe('/etc/ca.pem');
  });
});

// The emulator's local CA (src/commands/emulator/local-ca.ts): made once in the state folder, reused,
// refused when its folder cannot be trusted, and the certificate it issues.
import { X509Certificate } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulatorTls } from '../../../src/commands/emulator/local-ca.js';
import { emulatorCaFiles } from '../../../src/config/paths.js';
import { UsageError } from '../../../src/errors.js';
import { tempDir } from '../../helpers/temp-dirs.js';

const NOW = new Date();
const DAY = 24 * 60 * 60 * 1000;
const mode = (path: string) => lstatSync(path).mode & 0o777;
const filesIn = (state: string) => emulatorCaFiles({ CARDQR_STATE_DIR: state });

describe('the emulator local CA', () => {
  it('is made once (folder 0700, key 0600, certificate 0644) and reused: the same CA issues every run', async () => {
    const state = join(tempDir(), 'state'); // made by cardqr, 0700 too
    const files = filesIn(state);
    const first = await emulatorTls(files, NOW);
    expect(first).toMatchObject({ created: true, caFile: files.cert });
    expect([mode(state), mode(files.dir), mode(files.key), mode(files.cert)]).toEqual([0o700, 0o700, 0o600, 0o644]);
    expect(readdirSync(files.dir).sort()).toEqual(['ca-key.pem', 'ca.pem']); // the server's key is never stored
    expect(readdirSync(state)).toEqual(['emulator-ca']); // no temporary folder left
    const caPem = readFileSync(files.cert, 'utf8');
    const second = await emulatorTls(files, NOW);
    expect(second.created).toBe(false);
    expect(readFileSync(files.cert, 'utf8')).toBe(caPem);
    const ca = new X509Certificate(caPem);
    for (const run of [first, second]) expect(new X509Certificate(run.cert).checkIssued(ca)).toBe(true);
    expect(new X509Certificate(first.cert).serialNumber).not.toBe(new X509Certificate(second.cert).serialNumber);
  });

  it('the CA: CA:true, about ten years from a day ago; the server certificate: the three names, serverAuth, under 398 days', async () => {
    const files = filesIn(tempDir());
    const { cert, key } = await emulatorTls(files, NOW);
    const ca = new X509Certificate(readFileSync(files.cert));
    expect(ca.ca).toBe(true);
    expect(ca.subject).toContain('CN=cardqr emulator local CA');
    expect(Date.parse(ca.validFrom)).toBeLessThan(NOW.getTime() - DAY / 2);
    expect(Date.parse(ca.validTo) - NOW.getTime()).toBeGreaterThan(9 * 365 * DAY);
    expect(ca.serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/); // 16 random bytes, positive
    const leaf = new X509Certificate(cert);
    expect(leaf.ca).toBe(false);
    expect(leaf.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(leaf.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']); // node names the extended key usage keyUsage
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(Date.parse(leaf.validFrom)).toBeLessThan(NOW.getTime() - DAY / 2);
    expect(Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)).toBeLessThan(398 * DAY);
    expect(leaf.checkPrivateKey((await import('node:crypto')).createPrivateKey(key))).toBe(true);
    expect(leaf.checkHost('localhost')).toBe('localhost');
    expect(leaf.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(leaf.checkIP('::1')).toBe('::1');
  });

  it('names the --host given too, when it is not one of the three or a wildcard', async () => {
    const files = filesIn(tempDir());
    const named = new X509Certificate((await emulatorTls(files, NOW, '192.0.2.7')).cert);
    expect(named.checkIP('192.0.2.7')).toBe('192.0.2.7');
    const wildcard = new X509Certificate((await emulatorTls(files, NOW, '0.0.0.0')).cert);
    expect(wildcard.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
  });

  it('two first runs at once end with one CA, which both use', async () => {
    const files = filesIn(tempDir());
    const runs = await Promise.all([emulatorTls(files, NOW), emulatorTls(files, NOW), emulatorTls(files, NOW)]);
    const ca = new X509Certificate(readFileSync(files.cert));
    for (const run of runs) expect(new X509Certificate(run.cert).checkIssued(ca)).toBe(true);
    expect(runs.filter((r) => r.created)).toHaveLength(1);
    expect(readdirSync(files.dir).sort()).toEqual(['ca-key.pem', 'ca.pem']);
  });

  it('removes a temporary folder a killed run left (pid gone), never a live one', async () => {
    const state = tempDir();
    const dead = join(state, '.emulator-ca.cardqr-999999999-0123456789abcdef.tmp');
    const live = join(state, `.emulator-ca.cardqr-${process.pid}-0123456789abcdef.tmp`);
    for (const d of [dead, live]) mkdirSync(d, { mode: 0o700 });
    writeFileSync(join(dead, 'ca-key.pem'), 'half');
    await emulatorTls(filesIn(state), NOW);
    expect(readdirSync(state).sort()).toEqual([live.slice(state.length + 1), 'emulator-ca'].sort());
  });

  const refusals: Array<[string, (dir: string) => void, RegExp]> = [
    ['open to everyone (0777)', (dir) => chmodSync(dir, 0o777), /is open to other users \(mode 0777, not 0700\)/],
    ['open to the group (0750)', (dir) => chmodSync(dir, 0o750), /is open to other users \(mode 0750, not 0700\)/],
  ];
  it.each(refusals)('a CA folder %s is refused (exit 2), never repaired or used', async (_, spoil, message) => {
    const files = filesIn(tempDir());
    await emulatorTls(files, NOW);
    spoil(files.dir);
    const e = await emulatorTls(files, NOW).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(UsageError);
    expect((e as UsageError).exit).toBe(2);
    expect((e as Error).message).toMatch(message);
    expect((e as Error).message).toContain(`rm -r ${files.dir}`);
    expect((e as Error).message).not.toContain('\n');
  });

  it.runIf(process.getuid?.() === 0)('a CA folder of another user is refused (run as root: chown)', async () => {
    const files = filesIn(tempDir());
    await emulatorTls(files, NOW);
    chownSync(files.dir, 65534, 65534);
    const e = await emulatorTls(files, NOW).catch((err: unknown) => err);
    expect([(e as UsageError).exit, (e as Error).message]).toEqual([
      2,
      expect.stringContaining('belongs to another user (uid 65534)'),
    ]);
  });

  it('a CA folder that is a symbolic link (even to a good CA) is refused', async () => {
    const good = filesIn(tempDir());
    await emulatorTls(good, NOW);
    const state = tempDir();
    symlinkSync(good.dir, join(state, 'emulator-ca'));
    const e = await emulatorTls(filesIn(state), NOW).catch((err: unknown) => err);
    expect([(e as UsageError).exit, (e as Error).message]).toEqual([2, expect.stringContaining('is a symbolic link')]);
  });

  const damage: Array<[string, (f: ReturnType<typeof filesIn>) => void, RegExp]> = [
    ['a certificate that is not PEM', (f) => writeFileSync(f.cert, 'garbage\n'), /ca\.pem is not a certificate/],
    ['a missing key', (f) => rmSync(f.key), /ca-key\.pem is missing/],
    ['an empty key', (f) => writeFileSync(f.key, ''), /ca-key\.pem is not a private key/],
    [
      'a key readable by others',
      (f) => chmodSync(f.key, 0o644),
      /ca-key\.pem is open to other users \(mode 0644, not 0600\)/,
    ],
    [
      'a key that is a symbolic link',
      (f) => {
        rmSync(f.key);
        symlinkSync(join(otherCa, 'ca-key.pem'), f.key);
      },
      /ca-key\.pem is a symbolic link/,
    ],
    [
      'a key of another CA',
      (f) => writeFileSync(f.key, readFileSync(join(otherCa, 'ca-key.pem'))),
      /ca-key\.pem is not the key of ca\.pem/,
    ],
  ];
  let otherCa = '';
  it.each(damage)('a damaged CA (%s): one line saying to remove the folder (exit 2)', async (_, spoil, message) => {
    if (!otherCa) {
      const other = filesIn(tempDir());
      await emulatorTls(other, NOW);
      otherCa = other.dir;
    }
    const files = filesIn(tempDir());
    await emulatorTls(files, NOW);
    spoil(files);
    const e = await emulatorTls(files, NOW).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(UsageError);
    expect((e as Error).message).toMatch(message);
    expect((e as Error).message).toMatch(/remove the folder \(rm -r .*emulator-ca\) and a new CA is made/);
    expect((e as Error).message).not.toContain('\n');
  });
});

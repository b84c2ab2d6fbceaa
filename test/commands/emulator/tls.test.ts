// `cardqr emulator --tls` (PRODUCT section 15, "Rehearsal over TLS"): the API and its public links over
// HTTPS, with a certificate from the local CA in the state folder; the profile it writes trusts that CA.
import { X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { get } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/run-cli.js';

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await delay(25);
}

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  peer: X509Certificate;
}

/** A GET over node:https, trusting `ca` (PEM) when given and Node's roots only otherwise. */
function httpsGet(url: string, opts: { ca?: string; key?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = get(
      url,
      { ca: opts.ca, agent: false, headers: opts.key ? { Authorization: `Bearer ${opts.key}` } : {} },
      (res) => {
        const peer = new X509Certificate((res.socket as TLSSocket).getPeerCertificate().raw);
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers, peer }));
      },
    );
    req.on('error', reject);
  });
}

interface StoredProfile {
  baseUrl: string;
  apiKey: string;
  caFile?: string;
}
const profileIn = (configDir: string, name: string) =>
  (JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { profiles: Record<string, StoredProfile> })
    .profiles[name];

describe('cardqr emulator --tls', () => {
  it('serves the API and its public links over HTTPS, trusted through the CA file the start line and the profile name', async () => {
    const configDir = tempDir();
    const state = tempDir();
    const seen: { trusted?: Answer; links?: Answer; page?: Answer; untrusted?: unknown; profile?: StoredProfile } = {};
    const ready = (async () => {
      await until(() => existsSync(join(configDir, 'config.json')));
      const profile = (seen.profile = profileIn(configDir, 'local'));
      const ca = readFileSync(profile.caFile!, 'utf8');
      seen.trusted = await httpsGet(`${profile.baseUrl}/me`, { ca, key: profile.apiKey });
      seen.links = await httpsGet(`${profile.baseUrl}/qr-codes?limit=1`, { ca, key: profile.apiKey });
      const url = (JSON.parse(seen.links.body) as { data: Array<{ url: string }> }).data[0].url;
      seen.page = await httpsGet(url, { ca });
      seen.untrusted = await httpsGet(`${profile.baseUrl}/me`, { key: profile.apiKey }).catch((e: unknown) => e);
    })();
    const r = await runCli(['emulator', '--tls', '--port', '0', '--profile', 'local'], {
      configDir,
      env: { CARDQR_STATE_DIR: state },
      interruptAfter: ready,
    });
    await ready;
    expect(r.exitCode, r.stderr).toBe(0);
    const start = JSON.parse(r.stdout.trim()) as { baseUrl: string; publicBaseUrl: string; caFile: string };
    const caFile = join(state, 'emulator-ca', 'ca.pem');
    expect(start).toMatchObject({
      baseUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/v1$/),
      publicBaseUrl: start.baseUrl.replace(/\/v1$/, ''),
      caFile,
    });
    expect(Object.keys(start)).toEqual(['baseUrl', 'publicBaseUrl', 'keys', 'caFile']);
    expect(r.stderr).toContain(`made the emulator's local CA in ${join(state, 'emulator-ca')}`);
    expect(seen.profile).toMatchObject({ baseUrl: start.baseUrl, caFile });

    expect(seen.trusted?.status).toBe(200);
    expect((JSON.parse(seen.trusted!.body) as { account: { id: string } }).account.id).toBe('acc_acme');
    expect(seen.trusted!.peer.checkIssued(new X509Certificate(readFileSync(caFile)))).toBe(true);
    expect(seen.trusted!.peer.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    // The public links the API hands out are https too, and answer.
    expect(seen.page?.status).toBe(302);
    expect((JSON.parse(seen.links!.body) as { data: Array<{ url: string }> }).data[0].url).toMatch(
      new RegExp(`^${start.publicBaseUrl}/p/`),
    );
    // Without the CA the certificate does not verify: nothing is answered.
    expect((seen.untrusted as NodeJS.ErrnoException).code).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect(r.stderr).toMatch(/TLS handshake failed/);
    expect(profileIn(configDir, 'local')).toBeUndefined(); // removed when it stopped
  });

  it('reuses the CA on the next run (same file, a new server certificate issued by it); a terminal shows the ca file', async () => {
    const state = tempDir();
    const env = { CARDQR_STATE_DIR: state };
    const first = await runCli(['emulator', '--tls', '--port', '0', '-q'], { env, interruptAfter: delay(300) });
    expect(first.exitCode, first.stderr).toBe(0);
    const caFile = (JSON.parse(first.stdout) as { caFile: string }).caFile;
    const caPem = readFileSync(caFile, 'utf8');
    let served: Answer | undefined;
    const configDir = tempDir();
    const second = await runCli(['emulator', '--tls', '--port', '0', '--profile', 'local'], {
      configDir,
      env,
      tty: true,
      interruptAfter: until(() => existsSync(join(configDir, 'config.json'))).then(async () => {
        served = await httpsGet(`${profileIn(configDir, 'local').baseUrl}/me`, { ca: caPem });
      }),
    });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('made the emulator');
    expect(readFileSync(caFile, 'utf8')).toBe(caPem);
    expect(served?.status).toBe(401); // no key sent: the point is that the handshake verified
    expect(served!.peer.checkIssued(new X509Certificate(caPem))).toBe(true);
    expect(second.stdout).toMatch(/^cardqr emulator on https:\/\/127\.0\.0\.1:\d+\/v1 \(Ctrl-C to stop\)\n/);
    expect(second.stdout).toContain(`  ca file       ${caFile}\n`);
    expect([readdirSync(join(state, 'emulator-ca')).sort(), readdirSync(state).length]).toEqual([
      ['ca-key.pem', 'ca.pem'],
      1,
    ]);
  });

  it('a terminal without --profile: the example trusts the CA through NODE_EXTRA_CA_CERTS', async () => {
    const state = tempDir();
    const r = await runCli(['emulator', '--tls', '--port', '0'], {
      env: { CARDQR_STATE_DIR: state },
      tty: true,
      interruptAfter: delay(300),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `  try           NODE_EXTRA_CA_CERTS=${join(state, 'emulator-ca', 'ca.pem')} CARDQR_BASE_URL=https://`,
    );
  });

  it('refuses a CA folder open to others (exit 2, one line): nothing listens, no profile is written', async () => {
    const state = tempDir();
    mkdirSync(join(state, 'emulator-ca'));
    chmodSync(join(state, 'emulator-ca'), 0o777);
    const configDir = tempDir();
    const r = await runCli(['emulator', '--tls', '--port', '0', '--profile', 'local'], {
      configDir,
      env: { CARDQR_STATE_DIR: state },
    });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/emulator-ca is open to other users \(mode 0777, not 0700\); remove it \(rm -r /),
    ]);
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  });

  it('without --tls: plain http, no CA made', async () => {
    const state = tempDir();
    const r = await runCli(['emulator', '--port', '0', '-q'], {
      env: { CARDQR_STATE_DIR: state },
      interruptAfter: delay(200),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).not.toHaveProperty('caFile');
    expect(readdirSync(state)).toEqual([]);
  });
});

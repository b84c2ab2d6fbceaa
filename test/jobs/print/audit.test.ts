// `print audit` and `print retarget` against the emulator: a run whose codes were later paused,
// deleted and moved, and a retarget that is confirmed, idempotent and leaves cards alone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { createQrCodes, KEY, tmp, usePrintEmulator, type Created } from './_support.js';

const emu = usePrintEmulator();

async function api(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${emu.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function createCard(): Promise<Created> {
  const res = await api('POST', '/cards', { fields: { firstName: 'Ada', lastName: 'Lovelace' } });
  if (res.status !== 201) throw new Error(`card: ${res.status} ${await res.text()}`);
  return (await res.json()) as Created;
}

/** Prints the codes (one per page) and returns the config dir holding the run. */
async function printRun(ids: string[]): Promise<string> {
  const config = tmp();
  const r = await runCli(['print', ...ids, '--size', '25mm', '-O', join(tmp(), 'run.pdf')], { emu, configDir: config });
  if (r.exitCode !== 0) throw new Error(r.stderr);
  return config;
}

describe('cardqr print audit', () => {
  it('lists the codes now paused, deleted or pointing elsewhere; the rest are as printed', async () => {
    const codes = await createQrCodes(emu, 6);
    const card = await createCard();
    const config = await printRun([...codes.map((c) => c.id), card.id]);
    expect((await api('PATCH', `/qr-codes/${codes[0].id}`, { status: 'paused' })).status).toBe(200);
    expect((await api('PATCH', `/qr-codes/${codes[1].id}`, { status: 'paused' })).status).toBe(200);
    expect((await api('DELETE', `/qr-codes/${codes[2].id}`)).status).toBe(204);
    expect(
      (await api('PATCH', `/qr-codes/${codes[3].id}`, { destinationUrl: 'https://elsewhere.example/x' })).status,
    ).toBe(200);
    expect((await api('DELETE', `/cards/${card.id}`)).status).toBe(204);
    emu.clearRequests();

    const r = await runCli(['print', 'audit', 'last', '-o', 'json'], { emu, configDir: config });
    expect(r.exitCode).toBe(0);
    const findings = JSON.parse(r.stdout) as Array<{ id: string; kind: string; state: string; detail: string }>;
    expect(findings.map((f) => [f.id, f.kind, f.state])).toEqual([
      [codes[0].id, 'qr', 'paused'],
      [codes[1].id, 'qr', 'paused'],
      [codes[2].id, 'qr', 'deleted'],
      [codes[3].id, 'qr', 'elsewhere'],
      [card.id, 'card', 'deleted'],
    ]);
    expect(findings[3].detail).toBe('now points to https://elsewhere.example/x (printed: https://example.com/label/4)');
    expect(r.stderr).toMatch(
      /checked 7 codes of run_\S+: 2 as printed, 2 paused, 0 unpublished, 2 deleted, 1 pointing elsewhere, 0 with a changed link/,
    );
    // Reads only.
    expect(emu.requests().filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('takes a run id; an unknown run is a usage error', async () => {
    const [code] = await createQrCodes(emu, 1);
    const config = await printRun([code.id]);
    const runId = readdirSync(join(config, 'print-runs'))[0].replace(/\.ndjson$/, '');
    const ok = await runCli(['print', 'audit', runId], { emu, configDir: config });
    expect([ok.exitCode, ok.stdout]).toEqual([0, '[]\n']);
    const missing = await runCli(['print', 'audit', 'run_20200101T000000Z_abcdef'], { emu, configDir: config });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/no print run run_20200101T000000Z_abcdef/);
  });

  it('refuses a run printed against another API', async () => {
    const [code] = await createQrCodes(emu, 1);
    const config = await printRun([code.id]);
    const r = await runCli(['print', 'audit', 'last', '--base-url', 'http://127.0.0.1:9/v1'], {
      emu,
      configDir: config,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /was printed against http:\/\/127\.0\.0\.1:\d+\/v1, but this command would ask http:\/\/127\.0\.0\.1:9\/v1/,
    );
  });
});

describe('cardqr print retarget', () => {
  it('moves every QR code of the run (not cards), once, after a confirmation naming the count', async () => {
    const codes = await createQrCodes(emu, 4);
    const card = await createCard();
    const config = await printRun([...codes.map((c) => c.id), card.id]);
    expect((await api('DELETE', `/qr-codes/${codes[3].id}`)).status).toBe(204);
    emu.clearRequests();

    // No terminal and no --yes: refused before anything is sent.
    const refused = await runCli(['print', 'retarget', 'last', '--url', 'https://example.com/over'], {
      emu,
      configDir: config,
    });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/pass --yes/);
    expect(emu.requests().filter((q) => q.method === 'PATCH')).toHaveLength(0);

    // On a terminal: the question names the count; "n" changes nothing.
    const no = await runCli(['print', 'retarget', 'last', '--url', 'https://example.com/over'], {
      emu,
      configDir: config,
      tty: true,
      answers: ['n'],
    });
    expect(no.prompts).toEqual([
      expect.stringMatching(
        /^Point 4 QR codes of run run_\S+ at https:\/\/example\.com\/over\? \(1 card in the run stays as it is\) \[y\/N\] $/,
      ),
    ]);
    expect(no.exitCode).toBe(2);
    expect(emu.requests().filter((q) => q.method === 'PATCH')).toHaveLength(0);

    const r = await runCli(['print', 'retarget', 'last', '--url', 'https://example.com/over', '--yes', '-o', 'json'], {
      emu,
      configDir: config,
    });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).map((m: { id: string; result: string }) => [m.id, m.result])).toEqual([
      [codes[0].id, 'moved'],
      [codes[1].id, 'moved'],
      [codes[2].id, 'moved'],
      [codes[3].id, 'deleted'],
    ]);
    expect(r.stderr).toMatch(
      /3 QR codes now point to https:\/\/example\.com\/over; 1 deleted, 0 failed; 1 card left unchanged \(cards have no destination\)/,
    );
    for (const c of codes.slice(0, 3))
      expect(emu.store.qrCode('acc_print', c.id)?.destinationUrl).toBe('https://example.com/over');
    const patches = emu.requests().filter((q) => q.method === 'PATCH');
    expect(patches.every((p) => /^\/qr-codes\/qr_/.test(p.path))).toBe(true);
    const keys = patches.map((p) => p.headers['idempotency-key']);

    // Again: new idempotency keys (a per-run nonce: a later run never replays an earlier run's stored
    // answer, issue 22); the result is the same.
    emu.clearRequests();
    const again = await runCli(['print', 'retarget', 'last', '--url', 'https://example.com/over', '--yes'], {
      emu,
      configDir: config,
    });
    expect(again.exitCode).toBe(0);
    expect(
      emu
        .requests()
        .filter((q) => q.method === 'PATCH')
        .map((p) => p.headers['idempotency-key'])
        .filter((k) => keys.includes(k)),
    ).toEqual([]);
  });

  it('runs on the row engine: --report holds each code (a deleted one included), every PATCH its own cqrow- key', async () => {
    const codes = await createQrCodes(emu, 3, 'rep');
    const config = await printRun(codes.map((c) => c.id));
    expect((await api('DELETE', `/qr-codes/${codes[1].id}`)).status).toBe(204);
    emu.clearRequests();
    const report = join(tmp(), 'retarget.ndjson');
    const args = ['print', 'retarget', 'last', '--url', 'https://example.com/next', '--yes', '--report', report];
    const r = await runCli(args, { emu, configDir: config });
    expect(r.exitCode, r.stderr).toBe(0);
    const [header, ...rest] = readFileSync(report, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.outcome !== 'sending');
    expect(header).toMatchObject({ type: 'header', job: 'print-retarget' });
    expect(rest.map((l) => [l.id, l.action, l.outcome])).toEqual([
      [codes[0].id, 'retarget', 'moved'],
      [codes[1].id, 'retarget', 'deleted'],
      [codes[2].id, 'retarget', 'moved'],
    ]);
    const keys = emu.requests({ method: 'PATCH' }).map((q) => q.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys.every((k) => /^cqrow-[0-9a-f]{64}$/.test(String(k)))).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });

  it('a drop, then 500s: "may have been moved", exit 6 (not a failure); the others moved', async () => {
    const codes = await createQrCodes(emu, 2, 'lost');
    const config = await printRun(codes.map((c) => c.id));
    const path = `/qr-codes/${codes[0].id}`;
    emu.injectFaults([
      { kind: 'drop_after', method: 'PATCH', path },
      { kind: '500', method: 'PATCH', path, times: 2 },
    ]);
    const r = await runCli(
      ['print', 'retarget', 'last', '--url', 'https://example.com/lost', '--yes', '--max-retries', '2', '-o', 'json'],
      { emu, configDir: config },
    );
    expect(r.exitCode, r.stderr).toBe(6);
    expect(JSON.parse(r.stdout).map((m: { id: string; result: string }) => [m.id, m.result])).toEqual([
      [codes[0].id, 'unknown'],
      [codes[1].id, 'moved'],
    ]);
    expect(r.stderr).toContain(
      '1 QR code now point to https://example.com/lost; 0 deleted, 0 failed, 1 may have been moved',
    );
    expect(r.stderr).toContain(`may have been moved: ${codes[0].id}`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('Ctrl-C while a code is moving: it finishes and is listed, no later PATCH starts, exit 130', async () => {
    const codes = await createQrCodes(emu, 4, 'int');
    const config = await printRun(codes.map((c) => c.id));
    emu.clearRequests();
    emu.injectFaults([{ method: 'PATCH', kind: 'slow', delayMs: 300 }]);
    let stop!: () => void;
    const interrupted = new Promise<void>((resolve) => (stop = resolve));
    const watch = setInterval(() => {
      if (emu.pendingFaults() === 0) stop();
    }, 1);
    const r = await runCli(['print', 'retarget', 'last', '--url', 'https://example.com/stop', '--yes', '-o', 'json'], {
      emu,
      configDir: config,
      interruptAfter: interrupted,
    }).finally(() => clearInterval(watch));
    expect(r.exitCode).toBe(130);
    expect(r.stderr).toContain('interrupted: 1 of 4 ids done');
    expect(emu.requests({ method: 'PATCH' })).toHaveLength(1);
    expect(JSON.parse(r.stdout).map((m: { id: string; result: string }) => [m.id, m.result])).toEqual([
      [codes[0].id, 'moved'],
    ]);
  });

  it('refuses a URL that is not http(s) before anything is sent', async () => {
    const r = await runCli(['print', 'retarget', 'last', '--url', 'ftp://x', '--yes'], { emu, configDir: tmp() });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--url ftp:\/\/x: expected a full http or https URL/);
    expect(emu.requests()).toHaveLength(0);
  });
});

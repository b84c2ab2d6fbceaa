// cardqr leads replay <dead-letter> (issue 35): each line of a follow's dead letter is sent again to its
// recorded target (signed for a URL, run for a command); what is delivered leaves the file, what fails
// again stays; the dead letter's lock is shared with `leads follow`; the secret is never printed.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { addLeads, follow, lines, type Delivery } from './follow-helpers.js';

const emu = useEmulator();
const SECRET = 'whsec_replay_0123456789abcdef';
const env = { CARDQR_FORWARD_SECRET: SECRET };

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

interface Rx {
  url: string;
  got: Array<{ id: string; signed: boolean }>;
  status: (id: string) => number | Promise<number>;
}
async function receiver(status: Rx['status']): Promise<Rx> {
  const rx: Rx = { url: '', got: [], status };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers['cardqr-signature']));
      const signed = Boolean(m && createHmac('sha256', SECRET).update(`${m[1]}.${body}`).digest('hex') === m[2]);
      const id = (JSON.parse(body) as Delivery).lead.id;
      rx.got.push({ id, signed });
      void Promise.resolve(rx.status(id)).then((code) => res.writeHead(code).end(code >= 300 ? 'not now\n' : ''));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  rx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return rx;
}

const record = (id: string, target: unknown) =>
  JSON.stringify({
    delivery: { type: 'lead.created', lead: { id, createdAt: '2026-05-01T00:00:00.000Z' } },
    ...(target ? { target } : {}),
    attempts: 8,
    lastError: 'HTTP 400: not now',
    deadLetteredAt: '2026-05-01T00:05:00.000Z',
  });
const replay = (args: string[], opts: Parameters<typeof runCli>[1] = {}) =>
  runCli(['leads', 'replay', ...args], { emu, env, ...opts });

describe('cardqr leads replay', () => {
  it('a lead refused by follow is delivered by replay once the receiver accepts it, and leaves the file', async () => {
    const dir = tempDir();
    const dead = join(dir, 'dead.ndjson');
    let accept = false;
    const rx = await receiver((id) => (id.includes('picky') && !accept ? 422 : 204));
    const since = new Date(emu.now() - 1000).toISOString();
    const [picky] = await addLeads(emu, 'picky', 1);
    emu.advanceTime(1000);
    const [fine] = await addLeads(emu, 'fine', 1);
    const args = ['--state', join(dir, 's.json'), '--since', since, '--forward-to', rx.url, '--dead-letter', dead];
    const f = await follow(emu, [...args, '--max-attempts', '2'], () => true, { env });
    expect(f.exitCode, f.stderr).toBe(0);
    expect(
      lines<{ delivery: Delivery; target: unknown }>(readFileSync(dead, 'utf8')).map((l) => l.delivery.lead.id),
    ).toEqual([picky]);
    accept = true;
    rx.got.length = 0;
    const r = await replay([dead]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(rx.got).toEqual([{ id: picky, signed: true }]);
    expect(readFileSync(dead, 'utf8')).toBe('');
    expect(r.stderr).toContain(`delivered ${picky} (lead.created, line 1) to POST ${rx.url}`);
    expect(r.stderr).toContain(`1 of 1 deliveries in ${dead} delivered and removed; 0 kept`);
    expect(r.stderr + r.stdout + f.stderr).not.toContain(SECRET);
    expect(fine).toBeDefined();
    // nothing left: a second replay sends nothing
    const again = await replay([dead]);
    expect([again.exitCode, rx.got.length]).toEqual([0, 1]);
    expect(again.stderr).toContain(`nothing to replay in ${dead}`);
  });

  it('what fails again stays in the file as it was (exit 7); -o json gives the summary', async () => {
    const dir = tempDir();
    const dead = join(dir, 'dead.ndjson');
    const rx = await receiver((id) => (id === 'lead_still_bad' ? 400 : 204));
    const bad = record('lead_still_bad', { forwardTo: rx.url });
    writeFileSync(
      dead,
      [record('lead_a', { forwardTo: rx.url }), bad, record('lead_b', { forwardTo: rx.url })].join('\n') + '\n',
    );
    const r = await replay([dead, '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(7);
    expect(rx.got.map((g) => g.id)).toEqual(['lead_a', 'lead_still_bad', 'lead_b']);
    expect(readFileSync(dead, 'utf8')).toBe(`${bad}\n`);
    expect(JSON.parse(r.stdout)).toMatchObject({ delivered: 2, failing: 1, kept: 1, down: [] });
    expect(r.stderr).toContain('lead_still_bad (lead.created, line 2) failed again: HTTP 400: not now; kept in');
    expect(r.stderr).toMatch(/error: 2 of 3 deliveries .* delivered and removed; 1 kept: 1 failed again/);
  });

  it('a target that is down (nothing listening): exit 6, every line kept; a line with no recorded target is kept', async () => {
    const dir = tempDir();
    const dead = join(dir, 'dead.ndjson');
    const rx = await receiver(() => 204);
    const url = rx.url;
    await new Promise((r) => servers.pop()!.close(r));
    const text =
      [
        record('lead_1', { forwardTo: url }),
        record('lead_old', undefined),
        record('lead_2', { forwardTo: url }),
        record('lead_3', { forwardTo: url }),
      ].join('\n') + '\n';
    writeFileSync(dead, text);
    const r = await replay([dead]);
    expect(r.exitCode, r.stderr).toBe(6);
    expect(readFileSync(dead, 'utf8')).toBe(text);
    expect(r.stderr).toContain(`POST ${url} is down (ECONNREFUSED`);
    expect(r.stderr).toContain('line 2 (lead_old) records no target');
  });

  it('an --exec target runs again the same way (JSON on stdin, CARDQR_LEAD_ID, no secret passed on)', async () => {
    const dir = tempDir();
    const dead = join(dir, 'dead.ndjson');
    const out = join(dir, 'out.txt');
    const command = `echo "$CARDQR_LEAD_ID \${CARDQR_FORWARD_SECRET:-none}" >> '${out}'; cat > /dev/null`;
    writeFileSync(dead, record('lead_x', { exec: command }) + '\n', { mode: 0o600 });
    const r = await replay([dead]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('lead_x none\n');
    expect(readFileSync(dead, 'utf8')).toBe('');
    // a file others can write: its commands are refused
    writeFileSync(dead, record('lead_y', { exec: command }) + '\n');
    chmodSync(dead, 0o666);
    const refused = await replay([dead]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('can be written by others: refusing to run them');
    expect(readFileSync(out, 'utf8')).toBe('lead_x none\n');
  });

  it('refused while a follow holds the dead letter (exit 2, nothing sent), and a follow is refused while a replay runs', async () => {
    const dir = tempDir();
    const dead = join(dir, 'dead.ndjson');
    let during: Awaited<ReturnType<typeof runCli>> | undefined;
    const rx = await receiver(async (id) => {
      if (id === 'lead_hold')
        during = await follow(
          emu,
          ['--state', join(dir, 'b.json'), '--forward-to', rx.url, '--dead-letter', dead],
          () => true,
          { env },
        );
      return 204;
    });
    writeFileSync(dead, record('lead_hold', { forwardTo: rx.url }) + '\n');
    let whileFollowing: Awaited<ReturnType<typeof runCli>> | undefined;
    const f = await follow(
      emu,
      ['--state', join(dir, 'a.json'), '--forward-to', rx.url, '--dead-letter', dead],
      async () => {
        whileFollowing = await replay([dead]);
        return true;
      },
      { env },
    );
    expect(f.exitCode, f.stderr).toBe(0);
    expect(whileFollowing!.exitCode).toBe(2);
    expect(whileFollowing!.stderr.split('\n')[0]).toMatch(
      /^error: dead letter .*dead\.ndjson busy: a leads follow or replay \(pid \d+/,
    );
    expect(rx.got.map((g) => g.id)).not.toContain('lead_hold');
    expect(readFileSync(dead, 'utf8')).toContain('lead_hold');
    rx.got.length = 0;
    // and the other way round
    const r = await replay([dead]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(during!.exitCode).toBe(2);
    expect(during!.stderr).toMatch(/error: dead letter .* busy/);
    expect(rx.got.map((g) => g.id)).toEqual(['lead_hold']); // the refused follow delivered nothing
    expect(existsSync(`${dead}.lock`)).toBe(false);
  });

  it('--dry-run lists the lines and sends nothing; bad input is refused with exit 2 before anything is sent', async () => {
    const dir = tempDir();
    const dead = join(dir, 'dead.ndjson');
    const rx = await receiver(() => 204);
    const text = record('lead_d', { forwardTo: `${rx.url}?token=abc` }) + '\n';
    writeFileSync(dead, text);
    const dry = await replay([dead, '--dry-run'], { env: {} });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(`line 1\tlead_d\tlead.created\tPOST ${rx.url}\t8 attempts\tHTTP 400: not now\n`);
    const json = await replay([dead, '--dry-run', '-o', 'json']);
    expect(JSON.parse(json.stdout).entries).toEqual([
      {
        line: 1,
        id: 'lead_d',
        type: 'lead.created',
        target: `POST ${rx.url}`,
        attempts: 8,
        lastError: 'HTTP 400: not now',
      },
    ]);
    const noSecret = await replay([dead], { env: {} });
    expect([noSecret.exitCode, noSecret.stderr.split('\n')[0]]).toEqual([
      2,
      'error: the dead letter has lines for a URL: they are signed with the secret in the environment variable CARDQR_FORWARD_SECRET, which is not set; nothing was sent',
    ]);
    writeFileSync(dead, `${text}{"not":"a record"}\n`);
    const bad = await replay([dead]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('line 2: not a dead-letter record');
    writeFileSync(dead, record('lead_far', { forwardTo: 'http://crm.example.com/hooks' }) + '\n');
    const plain = await replay([dead]);
    expect(plain.exitCode).toBe(2);
    expect(plain.stderr).toContain('refusing plain http:// to crm.example.com');
    expect(rx.got).toEqual([]);
    const missing = await replay([join(dir, 'none.ndjson')]);
    expect(missing.exitCode).toBe(0);
  });
});

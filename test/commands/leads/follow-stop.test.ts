// leads follow: a stop ends every wait at once and no request or attempt starts after it; a poll that
// fails (the service down for a while) is noted and tried again at the next interval.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { addLeads, follow, lines, readState } from './follow-helpers.js';

const emu = useEmulator();
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A receiver that refuses everything, counting the POSTs. */
async function refusing(): Promise<{ url: string; posts: () => number }> {
  let posts = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posts++;
      res.writeHead(503).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/h`, posts: () => posts };
}

describe('cardqr leads follow: stopping', () => {
  it('a stop during the backoff wait ends it at once: no other attempt or request, the lead stays before the cursor, exit 0', async () => {
    const dir = tempDir();
    const statePath = join(dir, 's.json');
    const rx = await refusing();
    const since = new Date(emu.now() - 1000).toISOString();
    await addLeads(emu, 'stuck', 1);
    let stop!: () => void;
    let requestsAtStop = -1;
    const run = await runCli(
      [
        'leads',
        'follow',
        '--state',
        statePath,
        '--since',
        since,
        '--forward-to',
        rx.url,
        '--dead-letter',
        join(dir, 'dead.ndjson'),
      ],
      {
        emu,
        env: { CARDQR_FORWARD_SECRET: 'whsec_stop' },
        interruptAfter: new Promise<void>((r) => (stop = r)),
        // the first backoff wait (1 s) is where the stop comes; the wait must not hold it up
        sleep: async (ms) => {
          if (ms === 1000 && requestsAtStop < 0) {
            requestsAtStop = emu.requests().length;
            stop();
            await new Promise((r) => setTimeout(r, 20));
          }
        },
      },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(rx.posts()).toBe(1);
    expect(emu.requests()).toHaveLength(requestsAtStop);
    expect(run.stderr).toMatch(/stopped: 0 new leads delivered; state saved/);
    // nothing was delivered, so the state (if written at all) does not pass the lead
    const next = await follow(emu, ['--state', statePath, '--since', since], () => true);
    expect(lines(next.stdout).map((d) => d.lead.id)).toEqual(['lead_stuck_000']);
  });

  it('a poll that fails after the retries is noted, and the next poll delivers', async () => {
    const statePath = join(tempDir(), 's.json');
    const since = new Date(emu.now() - 1000).toISOString();
    // One instant for both: the cursor keeps the ids of the newest createdAt, and two leads added a
    // millisecond apart (a busy machine) would leave only the second in it.
    await addLeads(emu, 'later', 2, { createdAt: new Date(emu.now()).toISOString() });
    emu.injectFaults([{ kind: '500', path: '/leads', times: 5 }]); // the client's 4 retries and the first try
    const run = await follow(emu, ['--state', statePath, '--since', since], (n) => n === 2);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/warning: could not poll for leads: .*; trying again in 30 s/);
    expect(lines(run.stdout).map((d) => d.lead.id)).toEqual(['lead_later_000', 'lead_later_001']);
    expect(readState(statePath).cursor.ids).toEqual(['lead_later_000', 'lead_later_001']);
  });

  it("a stop during the client's retry wait (a 500 on a poll) sends no retry", async () => {
    const statePath = join(tempDir(), 's.json');
    emu.injectFaults([{ kind: '500', path: '/leads', times: 3 }]);
    let stop!: () => void;
    let stopped = false;
    const run = await runCli(['leads', 'follow', '--state', statePath], {
      emu,
      interruptAfter: new Promise<void>((r) => (stop = r)),
      sleep: async () => {
        if (!stopped && emu.requests().at(-1)?.status === 500) {
          stopped = true;
          stop();
          await new Promise((r) => setTimeout(r, 20));
        }
      },
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(stopped).toBe(true);
    expect(emu.requests({ path: '/leads' }).map((r) => r.status)).toEqual([500]);
    expect(run.stdout).toBe('');
  });
});

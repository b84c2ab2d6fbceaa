// `cards list --all` streams (PRODUCT §5): ndjson, csv and tables print the first page's items before the
// second page is requested. Proved by order, not time: stdout and stderr write into one log, and
// `--verbose` writes its `-> GET ...` line to stderr just before each request is sent, so the first
// item must come before the request line for offset=100. No timings (speed: test/bench/pagination.mjs).
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli.js';
import { buildDeps } from '../../../src/deps.js';
import { useEmulator } from '../../helpers/emulator.js';
import { addCards } from '../../helpers/records.js';
import { tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();

type Entry = { stream: 'stdout' | 'stderr'; text: string };

/** Runs the CLI in-process with stdout and stderr writing, in order, into one log. */
async function runLogged(args: string[]): Promise<{ exitCode: number; log: Entry[] }> {
  const log: Entry[] = [];
  const sink = (stream: Entry['stream']) =>
    new Writable({
      write(chunk, _enc, done) {
        log.push({ stream, text: String(chunk) });
        done();
      },
    });
  const deps = buildDeps({
    io: {
      stdout: sink('stdout'),
      stderr: sink('stderr'),
      stdin: process.stdin,
      isStdoutTTY: false,
      isStderrTTY: false,
      isStdinTTY: false,
      columns: 100,
    },
    env: { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full, CARDQR_CONFIG_DIR: tempDir() },
    clock: () => emu.now(),
    sleep: async (ms) => emu.advanceTime(ms),
    readStdin: async () => '',
  });
  return { exitCode: await main(args, deps), log };
}

/** Index in the log of the first entry matching, or -1. */
const indexOf = (log: Entry[], stream: Entry['stream'], re: RegExp) =>
  log.findIndex((e) => e.stream === stream && re.test(e.text));

describe('cards list --all streams page by page', () => {
  it.each(['ndjson', 'csv', 'table'])(
    '-o %s: the first card is printed before the second page is requested',
    async (format) => {
      addCards(emu, 240); // with the seed's dozen, --all takes three pages of 100
      const { exitCode, log } = await runLogged(['cards', 'list', '--all', '-o', format, '--verbose']);
      expect(exitCode).toBe(0);
      const pages = emu.requests({ method: 'GET', path: '/cards' }).map((q) => q.query.offset);
      expect(pages).toEqual(['0', '100', '200']);

      const firstCard = indexOf(log, 'stdout', /crd_/);
      const secondPage = indexOf(log, 'stderr', /^\[debug\] -> GET \S+\/cards\?\S*offset=100/);
      const thirdPage = indexOf(log, 'stderr', /^\[debug\] -> GET \S+\/cards\?\S*offset=200/);
      expect(firstCard).toBeGreaterThan(-1);
      expect(secondPage).toBeGreaterThan(-1);
      expect(firstCard).toBeLessThan(secondPage);
      // And the second page's cards are out before the third page is asked for.
      const cardsBeforeThird =
        log
          .slice(0, thirdPage)
          .filter((e) => e.stream === 'stdout')
          .map((e) => e.text)
          .join('')
          .match(/crd_\w+/g) ?? [];
      expect(new Set(cardsBeforeThird).size).toBe(200);
      const all = log
        .filter((e) => e.stream === 'stdout')
        .map((e) => e.text)
        .join('');
      expect(new Set(all.match(/crd_\w+/g)).size).toBeGreaterThan(240);
    },
  );
});

// Every question the tool asks, answered on a real pseudo-terminal by the installed package (PRODUCT §15;
// `cardqr` found on PATH, the Node under test first), against the emulator. The questions (grep `ctx.prompt` and `confirm(` in src/commands/):
//
//   profiles add <name> --base-url <url>     the key, hidden            src/commands/profiles/add.ts
//   profiles remove <name>                   Remove profile "…" …?      src/commands/profiles/manage.ts
//   cards delete <id> / qr delete <id>       Delete this card?          src/commands/delete-records.ts
//   cards delete <id> <id> …                 Delete these 2 cards?      (the same, on the row engine)
//   qr pause|archive <id> <id> …             Pause 2 QR codes?          src/commands/qr/status.ts
//   qr apply <file>                          Change where … lead?       src/commands/qr/apply-terminal.ts
//   campaigns import --update|--trash-missing  Update 1 card?            src/commands/campaigns/import-terminal.ts
//   cards update <id> (clears or renames)    Apply it?                  src/commands/cards/update.ts
//   print retarget <run> --url <url>         Point N QR codes … at …?   src/commands/print/retarget.ts
//
// Each yes/no question is answered `y`, ` YES `, `n`, Enter, Ctrl-D (end of input) and Ctrl-C: exit 0 and
// the change made on yes, exit 2 and nothing sent otherwise. The key is typed, pasted (bracketed paste,
// with a Backspace), left empty, ended with Ctrl-D or Ctrl-C: it never shows in the transcript, and it is
// stored only when Enter ends it. Every run is `bash -c '<cli>; stty -a'` on the pty, so the terminal's
// modes after the CLI exited are in the transcript: echo, icanon and isig must be back on, whatever the
// answer (and after a SIGTERM while the question waits). Node itself resets the terminal's modes when it
// exits, so two runs also check the question's own restore while the CLI still runs (its next request held
// back): what is typed then is echoed by the terminal. `qr delete` runs with stdout piped (`| cat`):
// questions go to stderr. Off a terminal (and with only one of stdin and stderr a terminal) nothing is
// asked: exit 2 without --yes, in-process at the end.
//
// The count of questions answered on the pty goes to .tmp/shipped/ for the CI's summary line.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../src/config/profiles.js';
import { QuestionCancelled } from '../../src/errors.js';
import { shipped } from '../helpers/installed.js';
import { shippedCounts } from './counts.js';
import { useEmulator } from '../helpers/emulator.js';
import { spawnPty, type PtySession } from '../helpers/pty.js';
import { runCli, tempDir } from '../helpers/run-cli.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
let answered = 0;
let printRuns = ''; // a config dir holding a print run of qr_roboconf and qr_support (print retarget)

const counts = shippedCounts();

beforeAll(async () => {
  const config = tempDir('cardqr-pty-print-');
  const r = await runCli(['print', 'qr_roboconf', 'qr_support', '--size', '25mm', '-O', join(config, 'run.pdf')], {
    emu,
    configDir: config,
  });
  if (r.exitCode !== 0) throw new Error(r.stderr);
  printRuns = config;
}, 180_000);

afterAll(() => {
  counts.questions = answered;
  counts.save();
});

interface Dirs {
  config: string;
  state: string;
}
let dirs: Dirs;
beforeEach(() => {
  dirs = { config: tempDir('cardqr-pty-cfg-'), state: tempDir('cardqr-pty-state-') };
});

const env = (extra: Record<string, string | undefined> = {}) => ({
  CARDQR_BASE_URL: emu.baseUrl,
  CARDQR_API_KEY: emu.keys.full,
  CARDQR_CONFIG_DIR: dirs.config,
  CARDQR_STATE_DIR: dirs.state,
  CARDQR_PROFILE: undefined,
  NO_COLOR: '1',
  FORCE_COLOR: undefined,
  CARDQR_DEBUG: undefined,
  ...extra,
});

const MARK = '[cli exited ';
/**
 * Runs the built CLI on a pty inside bash, which prints the CLI's status and then `stty -a` (the
 * terminal's modes once the CLI is gone). `pipe`: the CLI's stdout goes through `| cat`.
 */
function onPty(args: string[], opts: { env?: Record<string, string | undefined>; pipe?: boolean } = {}): PtySession {
  const script = `"$@"${opts.pipe ? ' | cat; s=${PIPESTATUS[0]}' : '; s=$?'}; printf '\\n${MARK}%d]\\n' "$s"; stty -a; exit "$s"`;
  return spawnPty('bash', ['-c', script, 'bash', 'cardqr', ...args], {
    env: { PATH: `${dirname(process.execPath)}:${join(shipped().prefix, 'bin')}:/usr/bin:/bin`, ...env(opts.env) },
    cwd: dirs.config,
  });
}

/** What the CLI showed (before bash's marker), and the terminal modes stty printed after it exited. */
function transcript(t: PtySession): { shown: string; modes: Set<string> } {
  const text = t.text();
  const at = text.lastIndexOf(MARK);
  expect(at, text).toBeGreaterThanOrEqual(0);
  return { shown: text.slice(0, at), modes: new Set(text.slice(at).split(/[\s;]+/)) };
}

/**
 * While the CLI still runs after the question (its next request held back by the emulator), what is typed
 * is echoed again: the question gave the terminal back itself. (After the exit, `stty -a` cannot tell:
 * Node resets the terminal's modes when it exits.) `ended`: what shows once the question is over.
 */
async function expectEchoWhileRunning(t: PtySession, ended: RegExp): Promise<void> {
  await t.waitFor(ended);
  t.write('echo-probe');
  await t.waitFor(/echo-probe/, 1_000);
}

function expectRestored(t: PtySession): void {
  const { modes } = transcript(t);
  for (const mode of ['echo', 'icanon', 'isig', 'icrnl'])
    expect([mode, modes.has(mode)], t.text()).toEqual([mode, true]);
}

const writes = () => emu.requests().filter((r) => r.method !== 'GET' && !r.path.endsWith('/cards/test'));
const csv = (name: string, text: string) => {
  const path = join(dirs.config, name);
  writeFileSync(path, text);
  return path;
};

interface Question {
  name: string;
  args: () => string[];
  /** What the question shows, waited for before typing. */
  asks: RegExp;
  /** Whether the change asked about was made. */
  done: () => boolean;
  before?: () => Promise<void> | void;
  pipe?: boolean;
}

const deleted = (path: string) => emu.requests({ method: 'DELETE', path }).some((r) => r.status < 300);
const QUESTIONS: Question[] = [
  {
    name: 'cards delete <id>',
    args: () => ['cards', 'delete', 'crd_jose'],
    asks: /Delete this card\? \[y\/N\] $/,
    done: () => deleted('/cards/crd_jose'),
  },
  {
    name: 'qr delete <id> (stdout piped)',
    args: () => ['qr', 'delete', 'qr_careers'],
    asks: /Delete this QR code\? \[y\/N\] $/,
    done: () => deleted('/qr-codes/qr_careers'),
    pipe: true,
  },
  {
    name: 'cards delete <id> <id>',
    args: () => ['cards', 'delete', 'crd_jose', 'crd_ngozi'],
    asks: /Delete these 2 cards\? \[y\/N\] $/,
    done: () => deleted('/cards/crd_jose') && deleted('/cards/crd_ngozi'),
  },
  {
    name: 'qr pause <id> <id>',
    args: () => ['qr', 'pause', 'qr_roboconf', 'qr_support'],
    asks: /Pause 2 QR codes\? \[y\/N\] $/,
    done: () => emu.store.qrCodes.filter((q) => q.status === 'paused' && /roboconf|support/.test(q.id)).length === 2,
  },
  {
    name: 'qr apply <file>',
    args: () => ['qr', 'apply', csv('codes.csv', 'shortCode,name,destinationUrl,status\nacme-support,,,paused\n')],
    asks: /Change where 1 existing code leads\? \[y\/N\] $/,
    done: () => emu.store.qrCodes.find((q) => q.id === 'qr_support')?.status === 'paused',
  },
  {
    name: 'campaigns import --update',
    args: () => [
      'campaigns',
      'import',
      'cmp_native',
      csv(
        'roster.csv',
        'externalId,firstName,lastName,company,emails.0.label,emails.0.value\n' +
          'P-2001,Chloé,Dubois,Robotique Boréale Inc.,Work,chloe@robotique-boreale.example\n',
      ),
      '--update',
    ],
    asks: /Update 1 card\? \[y\/N\] $/,
    done: () => emu.store.cards.find((c) => c.externalId === 'P-2001')?.fields.company === 'Robotique Boréale Inc.',
  },
  {
    name: 'cards update <id> (renames the card)',
    args: () => ['cards', 'update', 'crd_kenji', '--field', 'title=Regional lead'],
    asks: /Apply it\? \[y\/N\] $/,
    done: () => writes().some((r) => r.method === 'PATCH' && r.path === '/cards/crd_kenji'),
  },
  {
    name: 'print retarget last --url',
    before: () => cpSync(printRuns, dirs.config, { recursive: true }),
    args: () => ['print', 'retarget', 'last', '--url', 'https://example.com/moved'],
    asks: /Point 2 QR codes of run \S+ at https:\/\/example\.com\/moved\? \[y\/N\] $/,
    done: () =>
      emu.store.qrCodes.filter((q) => q.destinationUrl === 'https://example.com/moved' && /roboconf|support/.test(q.id))
        .length === 2,
  },
  {
    name: 'profiles remove <name>',
    before: async () => {
      const r = await runCli(['profiles', 'add', 'old', '--base-url', emu.baseUrl, '--api-key-stdin', '--no-verify'], {
        configDir: dirs.config,
        stdin: `${emu.keys.full}\n`,
      });
      expect(r.exitCode, r.stderr).toBe(0);
    },
    args: () => ['profiles', 'remove', 'old'],
    asks: /Remove profile "old" and its stored API key\? \[y\/N\] $/,
    done: () => new ProfileStore(dirs.config).get('old') === undefined,
  },
];

const ANSWERS: Array<{ answer: string; keys: string; yes: boolean }> = [
  { answer: 'y', keys: 'y\r', yes: true },
  { answer: '" YES "', keys: ' YES \r', yes: true },
  { answer: 'n', keys: 'n\r', yes: false },
  { answer: 'Enter', keys: '\r', yes: false },
  { answer: 'Ctrl-D (end of input)', keys: '\x04', yes: false },
  { answer: 'Ctrl-C', keys: '\x03', yes: false },
];

describe.each(QUESTIONS)('$name on a terminal', (q) => {
  it.each(ANSWERS)('answered $answer', async ({ keys, yes }) => {
    await q.before?.();
    const t = onPty(q.args(), { pipe: q.pipe });
    await t.waitFor(q.asks);
    if (!yes) expect(writes()).toEqual([]); // nothing written while it asks
    t.write(keys);
    const status = await t.exit;
    answered++;
    const { shown } = transcript(t);
    expect([status, q.done()], shown).toEqual([yes ? 0 : 2, yes]);
    if (!yes) {
      expect(writes()).toEqual([]);
      expect(shown).toMatch(/cancelled/);
    }
    expectRestored(t);
  });
});

describe('after a yes', () => {
  it('cards delete <id>: the terminal echoes again while the delete is sent', async () => {
    emu.injectFaults([{ method: 'DELETE', path: '/cards/crd_jose', kind: 'slow', delayMs: 1_500 }]);
    const t = onPty(['cards', 'delete', 'crd_jose']);
    await t.waitFor(/Delete this card\? \[y\/N\] $/);
    t.write('y\r');
    await expectEchoWhileRunning(t, /\[y\/N\] y\n/);
    expect(await t.exit, t.text()).toBe(0);
    answered++;
    expect(deleted('/cards/crd_jose')).toBe(true);
    expectRestored(t);
  });
});

describe('profiles add on a terminal: the key, hidden', () => {
  const KEY = () => emu.keys.full;
  const stored = () => new ProfileStore(dirs.config).get('prod');
  const add = () =>
    onPty(['profiles', 'add', 'prod', '--base-url', emu.baseUrl], { env: { CARDQR_API_KEY: undefined } });
  const secretShown = (t: PtySession) => t.raw().includes(KEY().slice(0, 12)) || t.raw().includes(KEY().slice(-12));

  it('typed, then Enter: never echoed, verified and stored (exit 0); the terminal echoes again at once', async () => {
    emu.injectFaults([{ method: 'GET', path: '/me', kind: 'slow', delayMs: 1_500 }]);
    const t = add();
    await t.waitFor(/API key \(input hidden\): $/);
    t.write(KEY().slice(0, 10));
    t.write(`${KEY().slice(10)}\r`);
    await expectEchoWhileRunning(t, /API key \(input hidden\): \n/);
    expect(await t.exit, t.text()).toBe(0);
    answered++;
    expect(secretShown(t)).toBe(false);
    expect(transcript(t).shown).toMatch(/API key \(input hidden\): \necho-probesaved profile "prod"/);
    expect(stored()?.apiKey).toBe(KEY());
    expect(emu.requests({ path: '/me' })).toHaveLength(1);
    expectRestored(t);
  });

  it('pasted (bracketed paste), a stray character erased with Backspace: the key stored is the one pasted', async () => {
    const t = add();
    await t.waitFor(/API key \(input hidden\): $/);
    t.write(`\x1b[200~${KEY()}\x1b[201~x\x7f\r`);
    expect(await t.exit, t.text()).toBe(0);
    answered++;
    expect(secretShown(t)).toBe(false);
    expect(stored()?.apiKey).toBe(KEY());
    expectRestored(t);
  });

  it.each([
    {
      answer: 'Ctrl-C after part of the key',
      keys: () => `${KEY().slice(0, 14)}\x03`,
      says: /cancelled at the question: no profile was saved/,
    },
    { answer: 'Enter alone', keys: () => '\r', says: /no API key given/ },
    { answer: 'Ctrl-D (end of input)', keys: () => '\x04', says: /no API key given/ },
  ])('$answer: exit 2, nothing stored, nothing sent', async ({ keys, says }) => {
    const t = add();
    await t.waitFor(/API key \(input hidden\): $/);
    t.write(keys());
    expect(await t.exit, t.text()).toBe(2);
    answered++;
    expect(secretShown(t)).toBe(false);
    expect(transcript(t).shown).toMatch(says);
    expect([stored(), existsSync(join(dirs.config, 'config.json'))]).toEqual([undefined, false]);
    expect(emu.requests()).toEqual([]);
    expectRestored(t);
  });
});

describe('a stop (SIGTERM) while a question waits', () => {
  /** The CLI: bash's one child (Linux /proc), so the signal reaches it and not the shell. */
  const cliPid = (t: PtySession) => {
    const children = readFileSync(`/proc/${t.pty.pid}/task/${t.pty.pid}/children`, 'utf8').trim().split(/\s+/);
    expect(children).toHaveLength(1);
    return Number(children[0]);
  };
  const linux = existsSync('/proc/self/task');

  it.runIf(linux)('at the hidden key: the terminal is restored, nothing stored (exit 143)', async () => {
    const t = onPty(['profiles', 'add', 'prod', '--base-url', emu.baseUrl], { env: { CARDQR_API_KEY: undefined } });
    await t.waitFor(/API key \(input hidden\): $/);
    t.write('cq_live_');
    await new Promise((r) => setTimeout(r, 50));
    process.kill(cliPid(t), 'SIGTERM');
    expect(await t.exit, t.text()).toBe(143);
    expect(new ProfileStore(dirs.config).get('prod')).toBeUndefined();
    expectRestored(t);
  });

  it.runIf(linux)('at a confirmation inside a run that finishes what it started (qr apply): no, exit 2', async () => {
    const file = csv('codes.csv', 'shortCode,name,destinationUrl,status\nacme-support,,,paused\n');
    const t = onPty(['qr', 'apply', file]);
    await t.waitFor(/\[y\/N\] $/);
    process.kill(cliPid(t), 'SIGTERM');
    expect(await t.exit, t.text()).toBe(2);
    expect(writes()).toEqual([]);
    expectRestored(t);
  });
});

describe('off a terminal nothing is asked: --yes is needed (exit 2, nothing sent)', () => {
  // In-process: the same commands with stdin, stderr or both not terminals, and Ctrl-C at the question.
  const ttys = [false, { stdin: true, stderr: false, stdout: true }, { stdin: false, stderr: true, stdout: true }];
  it.each(QUESTIONS)('$name', async (q) => {
    for (const tty of ttys) {
      await q.before?.();
      const r = await runCli(q.args(), { emu, tty, configDir: dirs.config, env: { CARDQR_STATE_DIR: dirs.state } });
      expect([tty, r.exitCode, r.prompts, r.stderr]).toEqual([tty, 2, [], expect.stringMatching(/--yes/)]);
      expect([q.done(), writes()]).toEqual([false, []]);
    }
    const cancelled = await runCli(q.args(), {
      emu,
      tty: true,
      configDir: dirs.config,
      env: { CARDQR_STATE_DIR: dirs.state },
      answers: [new QuestionCancelled()],
    });
    expect([cancelled.exitCode, cancelled.prompts.length, q.done(), writes()]).toEqual([2, 1, false, []]);
  });
});

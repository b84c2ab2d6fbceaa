// The Context (src/context.ts): the global flags are resolved once per action and passed in, never kept
// in a shared mutable place; the action() wrapper hands the context to the handler.
import { PassThrough, Readable } from 'node:stream';
import { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { main } from '../src/cli.js';
import { bindContext, contextOf } from '../src/commands/model/contexts.js';
import { createContext } from '../src/context.js';
import { buildDeps, type Deps } from '../src/deps.js';
import type { IO } from '../src/io.js';
import { useEmulator } from './helpers/emulator.js';
import { tempDir } from './helpers/run-cli.js';

const emu = useEmulator();

function testDeps(): { deps: Deps; out: () => string; err: () => string; reset: () => void } {
  let out = '';
  let err = '';
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const io: IO = {
    stdout,
    stderr,
    stdin: Readable.from([]),
    isStdoutTTY: false,
    isStderrTTY: false,
    isStdinTTY: false,
    columns: 100,
  };
  const env = { CARDQR_CONFIG_DIR: tempDir(), CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full };
  const deps = buildDeps({ io, env, readStdin: async () => '' });
  return { deps, out: () => out, err: () => err, reset: () => ((out = ''), (err = '')) };
}

describe('the context of an action', () => {
  test('is frozen: a command cannot change the flags another part reads', async () => {
    const { deps } = testDeps();
    const ctx = await createContext(deps, { quiet: true, output: 'json' });
    expect(Object.isFrozen(ctx.globals)).toBe(true);
    expect(() => Object.assign(ctx.globals as object, { quiet: false })).toThrow(TypeError);
    expect(ctx.msg.quiet).toBe(true);
    expect(ctx.output().format).toBe('json');
    await ctx.dispose();
  });

  test("a stop's notice is said through the run's Messages (which clear a spinner around it), even with -q", async () => {
    const t = testDeps();
    let say: ((notice: string) => void) | undefined;
    const deps: Deps = { ...t.deps, interruptible: (s) => ((say = s), new AbortController().signal) };
    const ctx = await createContext(deps, { quiet: true });
    ctx.interruptible();
    say?.('interrupted: finishing the request in flight');
    expect(t.err()).toBe('interrupted: finishing the request in flight\n');
    await ctx.dispose();
  });

  test('two runs on the same Deps do not share flags (no state left behind by the first)', async () => {
    const t = testDeps();
    expect(await main(['templates', 'list', '-q'], t.deps)).toBe(0);
    const ids = t.out();
    expect(
      ids
        .trim()
        .split('\n')
        .every((l) => !l.includes('{')),
    ).toBe(true);
    t.reset();
    expect(await main(['templates', 'list'], t.deps)).toBe(0);
    // Without -q the second run prints the records (JSON off a terminal), not the first run's ids.
    expect(() => JSON.parse(t.out())).not.toThrow();
    expect(t.out()).not.toBe(ids);
  });

  test('a verb runs with the context bound to it', async () => {
    const { deps } = testDeps();
    const cmd = new Command('probe').exitOverride();
    let seen: boolean | undefined;
    cmd.action(() => void (seen = contextOf(cmd).globals.quiet));
    cmd.hook('preAction', async (_root, actionCmd) =>
      bindContext(actionCmd, await createContext(deps, { quiet: true })),
    );
    await cmd.parseAsync([], { from: 'user' });
    expect(seen).toBe(true);
  });

  test('a verb whose context was never bound fails loudly instead of running with no flags', async () => {
    const cmd = new Command('probe').exitOverride();
    cmd.action(() => void contextOf(cmd));
    await expect(cmd.parseAsync([], { from: 'user' })).rejects.toThrow(/no context was bound/);
  });
});

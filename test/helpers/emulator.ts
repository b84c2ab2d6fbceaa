// One emulator per test file on 127.0.0.1:0, reset to its seed before each test. Its clock starts at
// TEST_START (test/helpers/clock.ts) whatever today's date, unless a test asks for another start.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { prng } from '../../src/emulator/default-seed-activity.js';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js';
import { TEST_START } from './clock.js';

export function useEmulator(opts: EmulatorOptions = {}): Emulator {
  let emu: Emulator | undefined;
  const handle = new Proxy({} as Emulator, {
    get(_t, prop) {
      if (!emu) throw new Error('emulator not started yet (use it inside a test or hook)');
      const v = (emu as unknown as Record<string | symbol, unknown>)[prop];
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(emu) : v;
    },
  });
  beforeAll(async () => {
    emu = await createEmulator({ port: 0, random: seededRandom(42), startAt: TEST_START, ...opts });
  });
  beforeEach(() => emu?.reset());
  afterAll(async () => {
    await emu?.close();
  });
  return handle;
}

/** Deterministic Math.random replacement (the emulator's own generator). */
export const seededRandom = prng;

// One emulator per test file on 127.0.0.1:0, reset to its seed before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js';

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
    emu = await createEmulator({ port: 0, random: seededRandom(42), ...opts });
  });
  beforeEach(() => emu?.reset());
  afterAll(async () => {
    await emu?.close();
  });
  return handle;
}

/** Deterministic Math.random replacement (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Public surface of the emulator (the CLI imports it lazily; tests import it directly).
export { createEmulator, type Emulator, type EmulatorOptions } from './server.js';
export type { RecordedRequest } from './api.js';
export type { FaultSpec, FaultKind } from './faults.js';
export { defaultSeed, DEFAULT_KEYS } from './default-seed.js';
export { parseSeed, loadSeedFile, SeedError, SeedSchema, type Seed, type ParsedSeed } from './seed.js';
export { Store, templateFingerprint } from './store.js';
export type { RouteDef, RouteContext, HttpMethod } from './routing.js';
export { EmuError, type Reply } from './http.js';
export * from './model.js';

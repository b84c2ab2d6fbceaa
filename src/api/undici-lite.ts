// undici's index also loads fetch, WebSocket, caches, mocks and proxies (~1 MB, ~40 ms at start-up
// on these machines). The client needs only the Agent and `dispatcher.request`, so it loads those
// two parts and wires `request` the way undici's index does (the build also leaves out the HTTP/2
// client and the SIMD copy of llhttp, which cardqr never uses: see tsup.config.ts).
import { setFlagsFromString } from 'node:v8';
import type { Agent as AgentType } from 'undici';
// @ts-expect-error undici ships types for its index only; these are the same classes.
import AgentImpl from 'undici/lib/dispatcher/agent.js';
// @ts-expect-error see above
import DispatcherImpl from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error see above
import request from 'undici/lib/api/api-request.js';

// undici parses HTTP with llhttp compiled to WebAssembly. V8 compiles it at once with its baseline
// compiler, then recompiles hot functions with TurboFan on background threads, and Node waits for
// those threads before the process may exit: 50-150 ms after a one-request command has finished,
// more than the whole command. The baseline code parses a response in microseconds, so cardqr
// keeps it (set before undici compiles llhttp on the first connection).
setFlagsFromString('--liftoff-only');

(DispatcherImpl as { prototype: { request: unknown } }).prototype.request = request;

export const Agent = AgentImpl as typeof AgentType;
export type Agent = AgentType;

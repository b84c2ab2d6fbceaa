// undici's index also loads fetch, WebSocket, caches, mocks and proxies (~1 MB, ~40 ms at start-up
// on these machines). The client needs only the Agent and the request API, so it loads those two
// parts and wires them the way undici's index does.
import type { Agent as AgentType } from 'undici';
// @ts-expect-error undici ships types for its index only; these are the same classes.
import AgentImpl from 'undici/lib/dispatcher/agent.js';
// @ts-expect-error see above
import DispatcherImpl from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error see above
import api from 'undici/lib/api/index.js';

Object.assign((DispatcherImpl as { prototype: object }).prototype, api);

export const Agent = AgentImpl as typeof AgentType;
export type Agent = AgentType;

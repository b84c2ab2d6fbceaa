// What every engine of jobs/ runs with (the row engine here, the import, the lead export and follow): the
// client asked for when the engine needs it, the base URL recorded in its report or state, the wall
// clock and the stop. Each engine adds its own callbacks, which hand events over as data (the command
// words them); engines never print.
import type { ApiClient } from '../../api/client.js';

export interface JobDeps {
  /** The one API client, built on first use. */
  api: () => Promise<ApiClient>;
  /** The API's base URL (recorded in the report or state: a resume must go to the same API). */
  baseUrl: () => Promise<string>;
  /** The wall clock: timestamps only (waits and rates run on the client's monotonic clock). */
  now: () => Date;
  /** Ctrl-C or a stop: the request in flight finishes; no other starts. */
  signal: AbortSignal;
}

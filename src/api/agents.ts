// The one place outbound connections are set up (PRODUCT §15: every outbound request follows the same
// CA and proxy rules): the API client's transport (transport.ts) and `leads follow --forward-to`
// (forward.ts) both take their agents from here.
//
// - Plain http:// (loopback only: config/settings.ts refuses any other host) uses a node:http
//   keep-alive agent and never a proxy.
// - https:// loads node:https and the trust (trust.ts) on first use, so a run over plain http pays
//   for neither. Each proxy choice (proxy.ts, decided per host and port) gets its own https.Agent:
//   direct, or with Node's own `proxyEnv` set to exactly the chosen proxy (no NO_PROXY: it was
//   decided already), which tunnels with CONNECT and sends the proxy URL's credentials as
//   Proxy-Authorization on the CONNECT only; the request itself, its Authorization header included,
//   travels inside the TLS tunnel. Node's built-in support (22.21+, 24.5+) rather than a dependency:
//   the floors have it, and it keeps one code path for the agent's pooling, keep-alive and TLS.
import type { Agent as AgentType } from 'node:http';
const { Agent, request: httpRequest } = process.getBuiltinModule('node:http');
import { proxyFor, type ProxyChoice } from './proxy.js';
import type { CaFile } from './trust.js';

type Env = Readonly<Record<string, string | undefined>>;
export type RequestFn = typeof httpRequest;

/** What an outbound connection is set up with: the environment (proxy variables) and the profile's CA. */
export interface NetworkOptions {
  env: Env;
  /** The profile's caFile, read and checked (config/ca-file.ts). */
  caFile?: CaFile;
  /** The profile in use, for words (how to trust a CA). */
  profile?: string;
}

export interface AgentSettings {
  /** Sockets per origin. */
  connections: number;
  /** Idle keep-alive sockets are closed after this long. */
  keepAliveMs: number;
}

/** How one request leaves: the agent, node:http's or node:https's request, and the proxy if any. */
export interface Route {
  agent: AgentType;
  request: RequestFn;
  proxy?: ProxyChoice;
}

interface TlsKit {
  https: typeof import('node:https');
  trust: typeof import('./trust.js');
}

export class Agents {
  private plain: Route | undefined;
  private tls: Promise<TlsKit> | undefined;
  private loaded: TlsKit | undefined;
  /** https agents by proxy URL ('' for direct). */
  private readonly secure = new Map<string, AgentType>();
  /** The proxy decision of the last host:port asked (a run talks to one API). */
  private last: { host: string; proxy: ProxyChoice | undefined } | undefined;

  constructor(
    readonly network: NetworkOptions,
    private readonly settings: AgentSettings,
  ) {}

  /** Plain http: a keep-alive agent, never a proxy. */
  plainRoute(): Route {
    return (this.plain ??= { agent: new Agent(this.agentOptions()), request: httpRequest });
  }

  /** https: the agent for this URL's proxy choice, with the trusted CAs. */
  async secureRoute(url: URL): Promise<Route> {
    const proxy = this.proxyOf(url);
    const kit = (this.loaded ??= await (this.tls ??= loadTls()));
    const key = proxy?.url ?? '';
    let agent = this.secure.get(key);
    if (!agent) {
      // A variable, not a literal in the call: @types/node 22 does not know `proxyEnv` yet (Node 22.21 does).
      const context = kit.trust.secureContext(this.network.env, this.network.caFile);
      const options = {
        ...this.agentOptions(),
        ...(context ? { secureContext: context } : {}),
        ...(proxy ? { proxyEnv: { HTTPS_PROXY: proxy.url } } : {}),
      };
      agent = new kit.https.Agent(options);
      this.secure.set(key, agent);
    }
    return { agent, request: kit.https.request, proxy };
  }

  /** The proxy a request to this URL goes through (none for http:// and loopback hosts). */
  proxyOf(url: URL): ProxyChoice | undefined {
    if (url.protocol !== 'https:') return undefined;
    if (this.last?.host !== url.host) this.last = { host: url.host, proxy: proxyFor(url, this.network.env) };
    return this.last.proxy;
  }

  /** What an https request trusted, in words (once an https request was set up), for errors. */
  trusted(): string | undefined {
    return this.loaded?.trust.describeTrust(this.network.env, this.network.caFile);
  }

  /** Closes every socket at once, so the process can exit as soon as the command is done. */
  close(): void {
    this.plain?.agent.destroy();
    for (const agent of this.secure.values()) agent.destroy();
  }

  private agentOptions() {
    return {
      keepAlive: true,
      maxSockets: this.settings.connections,
      // Closes idle sockets only; an active request is bounded by its own deadline.
      timeout: this.settings.keepAliveMs,
      noDelay: true,
    };
  }
}

async function loadTls(): Promise<TlsKit> {
  // node:https by the platform's own means: the build turns `import('node:https')` into a facade that
  // keeps only the default export (so `.Agent` was missing from the shipped CLI).
  return { https: process.getBuiltinModule('node:https'), trust: await import('./trust.js') };
}

// `print --verify-links`: whether each code's public short link opens now, asked of the link itself
// (one HEAD per code, redirects not followed), because the API does not say whether a draft was ever
// published (a draft set back from published does not open; a never-published one opens as a preview).
// Through the one request loop (jobs/rows/loop.ts); the HTTP is api/public-link.ts.
import type { NetworkOptions } from '../../api/agents.js';
import { headPublicLink, linkAgents } from '../../api/public-link.js';
import { sendEach } from '../rows/loop.js';

export interface LinkTarget {
  id: string;
  url: string;
}

export interface LinkOutcome {
  id: string;
  /** Why the link is not known to open (undefined: it opens). */
  closed?: string;
}

const STATUS_WORDS: Record<number, string> = {
  404: 'not found',
  410: 'gone: removed or archived',
  423: 'not active: paused, or a draft that was published before',
};

/** Checks every target, `concurrency` at a time; returns the ids whose link does not open, with why. */
export async function checkLinks(
  targets: Iterable<LinkTarget>,
  opts: {
    network: NetworkOptions;
    concurrency: number;
    signal: AbortSignal;
    timeoutMs?: number;
    onOutcome?: (o: LinkOutcome) => void;
  },
): Promise<Map<string, string>> {
  const agents = linkAgents(opts.network, opts.concurrency);
  const closed = new Map<string, string>();
  try {
    await sendEach(
      targets,
      async ({ id, url }) => {
        try {
          const answer = await headPublicLink(agents, url, opts.timeoutMs ?? 15_000);
          if (answer.opens) return { row: { id } };
          const words = STATUS_WORDS[answer.status];
          return { row: { id, closed: `its link ${url} answers ${answer.status}${words ? ` (${words})` : ''}` } };
        } catch (err) {
          return { row: { id, closed: `its link ${url} could not be checked: ${(err as Error).message}` } };
        }
      },
      (o: LinkOutcome) => {
        if (o.closed) closed.set(o.id, o.closed);
        opts.onOutcome?.(o);
      },
      { concurrency: opts.concurrency, signal: opts.signal },
    );
  } finally {
    agents.close();
  }
  return closed;
}

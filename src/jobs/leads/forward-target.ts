// --forward-to: one signed POST per delivery (src/api/forward.ts); a 2xx answer = delivered. No answer
// (refused, reset, a timeout), a 5xx, 408 or 429 say the receiver is down; any other answer (4xx, a
// redirect, which is never followed) refuses this lead (deliver.ts).
import type { NetworkOptions } from '../../api/agents.js';
import { forwardSignature, forwardTransport, postDelivery } from '../../api/forward.js';
import { DeliveryFailure, type Target } from './deliver.js';

export interface ForwardTargetOptions {
  url: URL;
  /** CARDQR_FORWARD_SECRET: signs every body; never shown. */
  secret: string;
  timeoutMs: number;
  /** Unix time for the signature. */
  now: () => Date;
  userAgent: string;
  /** The proxy variables and the profile's CA file: the API client's rules (api/agents.ts). */
  network: NetworkOptions;
}

export function forwardTarget(o: ForwardTargetOptions): Target {
  const transport = forwardTransport(o.network);
  // A proxy variable cardqr cannot use is refused now (exit 2), before the first poll.
  transport.agents.proxyOf(o.url);
  return {
    describe: `POST ${o.url.origin}${o.url.pathname}`,
    retries: true,
    recorded: { forwardTo: o.url.href },
    send: async (body, delivery) => {
      const t = Math.floor(o.now().getTime() / 1000);
      let answer;
      try {
        answer = await postDelivery(
          transport,
          o.url,
          body,
          {
            'cardqr-signature': forwardSignature(o.secret, t, body),
            'cardqr-delivery-type': delivery.type,
            ...('deliveryId' in delivery ? { 'cardqr-delivery-id': delivery.deliveryId } : {}),
            'user-agent': o.userAgent,
          },
          o.timeoutMs,
        );
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        throw new DeliveryFailure(err.code ? `${err.code} (${err.message})` : err.message, 'down');
      }
      if (answer.status < 200 || answer.status > 299) {
        const said = answer.text.trim().split('\n')[0]?.slice(0, 200);
        const down = answer.status >= 500 || answer.status === 408 || answer.status === 429;
        throw new DeliveryFailure(`HTTP ${answer.status}${said ? `: ${said}` : ''}`, down ? 'down' : 'refused');
      }
    },
  };
}

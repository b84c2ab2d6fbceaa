// The URL of a --forward-to (`leads follow`, `leads replay`, `report weekly`): checked before anything
// is sent.
import { isLoopbackHost } from '../config/settings.js';
import { UsageError } from '../errors.js';

/**
 * --forward-to (or a dead letter's recorded target, `what`): https, or plain http to a loopback host only
 * (the API's rule), no credentials in it.
 */
export function forwardUrl(given: string, what = '--forward-to'): URL {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`${what}: "${given}" is not a URL, e.g. https://crm.example.com/hooks/cardqr`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError(`${what}: only https:// URLs (and http:// to localhost), not ${url.protocol}`);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new UsageError(
      `${what}: refusing plain http:// to ${url.hostname}: leads are forwarded only over https (http is allowed for localhost only)`,
    );
  if (url.username || url.password)
    throw new UsageError(`${what}: credentials in the URL (user:password@) are refused; the signature authenticates`);
  return url;
}

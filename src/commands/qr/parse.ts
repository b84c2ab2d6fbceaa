// argParsers for QR flags: the spec's limits, checked while parsing (exit 2, nothing sent).
import { InvalidArgumentError } from 'commander';
import { isFullHttpUrl } from '../../api/rules.js';

export function parseUrl(v: string): string {
  if (!isFullHttpUrl(v)) throw new InvalidArgumentError(`"${v}" is not a full http(s) URL, e.g. https://example.com/menu.`);
  return v;
}

// Checks a webhook URL before it is stored: https only (http on loopback when the operator allows it), no
// credentials, and no address that reaches link-local/metadata services or this service itself.
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { badRequest } from '../../errors.js';

/** What the operator allows (config SCREENING_WEBHOOK_ALLOW_*) and where this service listens. */
export interface WebhookUrlPolicy {
  readonly allowLoopback: boolean;
  readonly allowLinkLocal: boolean;
  /** The port this service listens on: a loopback URL on it would call the service itself. */
  readonly ownPort: number;
}

/** Resolves a host name to its addresses (a seam so tests need no DNS). */
export type Resolve = (host: string) => Promise<string[]>;

const dnsResolve: Resolve = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

const v4 = (a: string): number[] | null => {
  if (!net.isIPv4(a)) return null;
  return a.split('.').map(Number);
};

/** The IPv4 address an IPv4-mapped IPv6 address carries (dotted or hex, as URL writes it), else the address. */
const unmapped = (a: string): string => {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(a);
  if (!hex) return a;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
};

export const isLoopback = (addr: string): boolean => {
  const a = unmapped(addr);
  const p = v4(a);
  if (p) return p[0] === 127;
  return a === '::1';
};

export const isLinkLocal = (addr: string): boolean => {
  const a = unmapped(addr);
  const p = v4(a);
  if (p) return p[0] === 169 && p[1] === 254;
  // fe80::/10: fe80 to febf.
  return /^fe[89ab][0-9a-f]:/i.test(a);
};

const isUnspecified = (addr: string): boolean => {
  const a = unmapped(addr);
  return a === '0.0.0.0' || a === '::';
};

/** The checked URL as given (trimmed); 400 naming `url` when it breaks a rule. */
export async function checkWebhookUrl(
  raw: string,
  policy: WebhookUrlPolicy,
  resolve: Resolve = dnsResolve,
): Promise<string> {
  const text = raw.trim();
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw badRequest('url: not an absolute URL');
  }
  if (u.username !== '' || u.password !== '')
    throw badRequest('url: must not carry credentials (user:password@); authenticate with the signature');
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw badRequest('url: must be an https:// URL');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw badRequest(`url: host ${host} does not resolve`);
    }
    if (addresses.length === 0) throw badRequest(`url: host ${host} does not resolve`);
  }
  const loopback = addresses.every(isLoopback);
  if (u.protocol === 'http:') {
    if (!policy.allowLoopback)
      throw badRequest(
        'url: must be an https:// URL (http is allowed only for loopback receivers when the operator sets SCREENING_WEBHOOK_ALLOW_LOOPBACK)',
      );
    if (!loopback) throw badRequest('url: http:// is allowed only for loopback addresses; use https://');
  }
  if (addresses.some(isUnspecified))
    throw badRequest('url: resolves to an unspecified address (0.0.0.0 or ::)');
  if (!policy.allowLinkLocal && addresses.some(isLinkLocal))
    throw badRequest('url: resolves to a link-local/metadata address (169.254.0.0/16 or fe80::/10)');
  if (addresses.some(isLoopback)) {
    if (!policy.allowLoopback)
      throw badRequest('url: resolves to a loopback address (this host); not allowed');
    const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
    if (port === policy.ownPort) throw badRequest('url: points at this service itself');
  }
  return text;
}

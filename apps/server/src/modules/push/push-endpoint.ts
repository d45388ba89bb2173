import { isIP } from 'node:net';
import { PUSH_MESSAGE_KEYS } from '@homeward/contracts';

/**
 * Where the server may send pushes. A subscription's endpoint is a URL the browser's push service
 * gave it, but the server fetches it, so a crafted one could aim at this machine or the private
 * network (SSRF). Endpoints must be `https://` on a public host; hosts in
 * PUSH_INSECURE_ENDPOINT_HOSTS (tests, a local push receiver) may be `http://` and private. The
 * sending side checks the resolved address too (`isPublicAddress`), so a public name that resolves
 * to a private address is refused at connect time.
 */

/** The message key of what is wrong with `endpoint`, or null when pushes may go there. */
export function endpointProblem(endpoint: string, insecureHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_MESSAGE_KEYS.endpointNotHttps;
  }
  const host = hostOf(url);
  const allowedInsecure = insecureHosts.includes(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowedInsecure)) {
    return PUSH_MESSAGE_KEYS.endpointNotHttps;
  }
  if (url.username || url.password) return PUSH_MESSAGE_KEYS.endpointNotAllowed;
  if (!allowedInsecure && isPrivateHost(host)) return PUSH_MESSAGE_KEYS.endpointNotAllowed;
  return null;
}

/** The URL's host name, lower case, IPv6 without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** Names and literal addresses that are this machine or a private network. */
function isPrivateHost(host: string): boolean {
  if (isIP(host)) return !isPublicAddress(host);
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    host.endsWith('.lan') ||
    !host.includes('.')
  );
}

/** False for loopback, private, link-local, CGNAT, multicast and other special-use addresses. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return isPublicIpv4(address);
  if (version !== 6) return false;
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPublicIpv4(mapped[1]!);
  if (lower === '::' || lower === '::1') return false;
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast, 2001:db8::/32 documentation.
  return !/^(f[cd]|fe[89ab]|ff)/.test(lower) && !lower.startsWith('2001:db8:');
}

function isPublicIpv4(address: string): boolean {
  const [a, b] = address.split('.').map(Number) as [number, number, number, number];
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0) return false;
  if (a === 198 && (b === 18 || b === 19)) return false;
  return true;
}

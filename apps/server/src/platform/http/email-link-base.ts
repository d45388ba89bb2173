import { signInClientFor, type SignInClientKind } from '@homeward/contracts';
import type { Config } from '../config/config';

/** What choosing a link's base needs from the configuration. */
export type LinkBaseConfig = Pick<Config, 'publicUrl' | 'signInClients'>;

/**
 * Where the links of an e-mail sent for a request point (confirmation, invitation, account
 * transfer, e-mail change): the address of the client the person used, so a link opens the product
 * they registered or invited from, the plug-and-play one or the branded one. A browser names that
 * client in the request's `Origin` header; it counts only when it is one of the sign-in clients'
 * origins (OIDC_BRANDED_ORIGINS, OIDC_PLUG_AND_PLAY_ORIGINS), so nobody can point a link elsewhere.
 * Otherwise (no browser, an unknown origin, PUBLIC_URL's own origin) it is PUBLIC_URL. Never ends
 * with a slash.
 */
export function emailLinkBase(originHeader: string | string[] | undefined, config: LinkBaseConfig): string {
  return knownClientLinkBase(originHeader, config) ?? trimmedPublicUrl(config);
}

/**
 * The base of a link into the client at `origin` when that is one of the sign-in clients' origins
 * (PUBLIC_URL itself for PUBLIC_URL's origin, so a path PUBLIC_URL has is kept); undefined for
 * anything else, so no caller can point a link at an origin the configuration does not list.
 */
export function knownClientLinkBase(
  origin: string | string[] | undefined,
  config: LinkBaseConfig,
): string | undefined {
  const candidate = typeof origin === 'string' ? origin.trim() : undefined;
  if (!candidate) return undefined;
  const publicUrl = trimmedPublicUrl(config);
  if (candidate === new URL(publicUrl).origin) return publicUrl;
  return config.signInClients.some((client) => client.origins.includes(candidate)) ? candidate : undefined;
}

/**
 * Where links to the client of `kind` point when no request names the client (alarm messages,
 * which the telemetry pipeline sends; a password reset asked for outside a sign-in): an origin of
 * that client that
 * - really opens that client: the SPA takes the first client listing its origin, branded first, so
 *   an origin the branded client lists too would open the branded one (`signInClientFor`);
 * - a recipient can reach: a loopback origin (localhost, 127.0.0.1) only while PUBLIC_URL is one
 *   too. OIDC_PLUG_AND_PLAY_ORIGINS defaults to loopback origins (the local demo), so a production
 *   deployment that leaves it unset sends PUBLIC_URL rather than a link to the reader's own
 *   machine, and the local demo sends its plug-and-play client on 127.0.0.1.
 * PUBLIC_URL (with its path) when its origin is such an origin (the branded client by default),
 * else the first one listed, else PUBLIC_URL: a branded deployment whose origins leave out the
 * issuer's address (OIDC_BRANDED_ORIGINS set) gets its first branded origin, where signing in
 * works, rather than PUBLIC_URL, where the SPA would find no client of its own. Never ends with a
 * slash.
 */
export function clientLinkBase(kind: SignInClientKind, config: LinkBaseConfig): string {
  const publicUrl = trimmedPublicUrl(config);
  const publicOrigin = new URL(publicUrl).origin;
  const reachable = (origin: string) => !isLoopback(origin) || isLoopback(publicOrigin);
  const usable = (config.signInClients.find((client) => client.kind === kind)?.origins ?? []).filter(
    (origin) => reachable(origin) && signInClientFor(origin, config.signInClients).kind === kind,
  );
  if (usable.includes(publicOrigin)) return publicUrl;
  return usable[0] ?? publicUrl;
}

function trimmedPublicUrl(config: LinkBaseConfig): string {
  return config.publicUrl.replace(/\/+$/, '');
}

/** Whether an origin names the machine it is opened on (never the e-mail reader's server). */
function isLoopback(origin: string): boolean {
  const host = new URL(origin).hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]'
  );
}

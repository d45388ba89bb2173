import type { Config } from '../config/config';

/**
 * Where the links of an e-mail sent for a request point (confirmation, invitation, account
 * transfer, e-mail change): the address of the client the person used, so a link opens the product
 * they registered or invited from, the plug-and-play one or the branded one. A browser names that
 * client in the request's `Origin` header; it counts only when it is one of the sign-in clients'
 * origins (OIDC_BRANDED_ORIGINS, OIDC_PLUG_AND_PLAY_ORIGINS), so nobody can point a link elsewhere.
 * Otherwise (no browser, an unknown origin, PUBLIC_URL's own origin) it is PUBLIC_URL. Never ends
 * with a slash.
 */
export function emailLinkBase(
  originHeader: string | string[] | undefined,
  config: Pick<Config, 'publicUrl' | 'signInClients'>,
): string {
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  const origin = typeof originHeader === 'string' ? originHeader.trim() : undefined;
  if (!origin || origin === new URL(publicUrl).origin) return publicUrl;
  const known = config.signInClients.some((client) => client.origins.includes(origin));
  return known ? origin : publicUrl;
}

import { ACCOUNT_TRANSFER_TTL_DAYS, accountTransferPath, type Language } from '@homeward/contracts';
import { flattenResource, interpolate, loadResource } from '@homeward/i18n';

/** The web app's acceptance page for the receiver (step 2): both people's ids and the token. */
export function accountTransferLink(
  publicUrl: string,
  fromUserId: string,
  toUserId: string,
  token: string,
): string {
  return `${publicUrl.replace(/\/+$/, '')}${accountTransferPath(fromUserId, toUserId, token)}`;
}

/**
 * The e-mail to the receiver, in the owner's language, from the `profile` namespace. The link stands
 * on its own line, so any mail client makes it clickable.
 */
export async function accountTransferEmail(
  language: Language,
  params: { name: string; owner: string; link: string },
): Promise<{ subject: string; body: string }> {
  for (const candidate of [language, 'en'] as const) {
    const resource = await loadResource(candidate, 'profile');
    const flat = resource ? flattenResource(resource) : {};
    const subject = flat['transfer.email.subject'];
    const body = flat['transfer.email.body'];
    if (subject && body) {
      const values = { ...params, days: ACCOUNT_TRANSFER_TTL_DAYS };
      return { subject: interpolate(subject, values), body: interpolate(body, values) };
    }
  }
  throw new Error('profile.json lacks transfer.email.subject/body');
}

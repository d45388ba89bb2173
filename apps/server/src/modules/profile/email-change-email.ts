import { EMAIL_CHANGE_TOKEN_TTL_HOURS, type Language } from '@homeward/contracts';
import { flattenResource, interpolate, loadResource } from '@homeward/i18n';

/** The page of the web app that confirms the new address from the e-mail's link. */
export function emailChangeLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/account?emailChangeToken=${encodeURIComponent(token)}`;
}

/**
 * The e-mail to the new address, in the user's language, from the `profile` namespace. The link
 * stands on its own line, so any mail client makes it clickable.
 */
export async function emailChangeEmail(
  language: Language,
  params: { name: string; email: string; link: string },
): Promise<{ subject: string; body: string }> {
  for (const candidate of [language, 'en'] as const) {
    const resource = await loadResource(candidate, 'profile');
    const flat = resource ? flattenResource(resource) : {};
    const subject = flat['emailChange.subject'];
    const body = flat['emailChange.body'];
    if (subject && body) {
      const values = { ...params, hours: EMAIL_CHANGE_TOKEN_TTL_HOURS };
      return { subject: interpolate(subject, values), body: interpolate(body, values) };
    }
  }
  throw new Error('profile.json lacks emailChange.subject/body');
}

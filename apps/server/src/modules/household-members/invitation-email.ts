import { INVITATION_TTL_DAYS, type Language } from '@homeward/contracts';
import { flattenResource, interpolate, loadResource } from '@homeward/i18n';

/** The registration page with the invitation's token (the web registration page reads it). */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/registration?invitationToken=${encodeURIComponent(token)}`;
}

/**
 * The invitation e-mail in the inviter's language, from the `householdMembers` namespace. The link
 * stands on its own line, so any mail client makes it clickable.
 */
export async function invitationEmail(
  language: Language,
  params: { inviter: string; link: string },
): Promise<{ subject: string; body: string }> {
  for (const candidate of [language, 'en'] as const) {
    const resource = await loadResource(candidate, 'householdMembers');
    const flat = resource ? flattenResource(resource) : {};
    const subject = flat['invitationEmail.subject'];
    const body = flat['invitationEmail.body'];
    if (subject && body) {
      const values = { ...params, days: INVITATION_TTL_DAYS };
      return { subject: interpolate(subject, values), body: interpolate(body, values) };
    }
  }
  throw new Error('householdMembers.json lacks invitationEmail.subject/body');
}

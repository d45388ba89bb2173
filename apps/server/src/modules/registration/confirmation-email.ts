import type { Language } from '@homeward/contracts';
import { flattenResource, interpolate, loadResource } from '@homeward/i18n';

export interface ConfirmationEmailText {
  subject: string;
  body: string;
}

/** The page of the web app that completes a registration from the e-mail's link. */
export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/registration?confirmationToken=${encodeURIComponent(token)}`;
}

/**
 * The confirmation e-mail in the registrant's language, from the `registration` namespace (so the
 * texts are translated with the rest of the feature). The link stands on its own line, so any mail
 * client makes it clickable.
 */
export async function confirmationEmail(
  language: Language,
  params: { name: string; link: string },
): Promise<ConfirmationEmailText> {
  const texts = await emailTexts(language);
  return {
    subject: interpolate(texts.subject, params),
    body: interpolate(texts.body, params),
  };
}

async function emailTexts(language: Language): Promise<ConfirmationEmailText> {
  for (const candidate of [language, 'en'] as const) {
    const resource = await loadResource(candidate, 'registration');
    const flat = resource ? flattenResource(resource) : {};
    const subject = flat['confirmationEmail.subject'];
    const body = flat['confirmationEmail.body'];
    if (subject && body) return { subject, body };
  }
  throw new Error('registration.json lacks confirmationEmail.subject/body');
}

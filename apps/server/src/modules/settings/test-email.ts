import type { Language } from '@homeward/contracts';
import { flattenResource, interpolate, loadResource } from '@homeward/i18n';

/**
 * The test e-mail of settings management in the sender's language, from the `settings` namespace;
 * English when the language lacks it.
 */
export async function testEmailText(
  language: Language,
  params: { userName: string },
): Promise<{ subject: string; body: string }> {
  for (const candidate of [language, 'en'] as const) {
    const resource = await loadResource(candidate, 'settings');
    const flat = resource ? flattenResource(resource) : {};
    const subject = flat['testEmail.subject'];
    const body = flat['testEmail.body'];
    if (subject && body) return { subject: interpolate(subject, params), body: interpolate(body, params) };
  }
  throw new Error('settings.json lacks testEmail.subject/body');
}

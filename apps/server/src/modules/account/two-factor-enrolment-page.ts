import { renderAlert, renderField } from './account-layout';
import type { Translate } from './account-texts';
import { html, type SafeHtml } from './html';
import { interactionUrl, type PageContent } from './sign-in-pages';

/** The secret in groups of four, as people copy it into an app by hand (the apps ignore spaces). */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up the authenticator app when two-factor is required and none is set up: the QR code, the
 * key for typing in by hand, and the first code, which proves the app holds the secret.
 */
export function twoFactorEnrolmentPage(
  t: Translate,
  options: { uid: string; secret: string; qrCode: SafeHtml; error?: string },
): PageContent {
  return {
    title: t('twoFactorEnrolment.title'),
    body: html`<h1>${t('twoFactorEnrolment.title')}</h1>
      <p class="muted">${t('twoFactorEnrolment.intro')}</p>
      ${renderAlert(options.error)}
      <p>${t('twoFactorEnrolment.scan')}</p>
      <div class="qr">${options.qrCode}</div>
      <p class="muted">${t('twoFactorEnrolment.manual')}</p>
      <p class="secret" id="totp-secret">${groupSecret(options.secret)}</p>
      <form method="post" action="${interactionUrl(options.uid, 'two-factor-enrolment')}" novalidate>
        ${renderField({
          name: 'code',
          label: t('twoFactorEnrolment.code'),
          hint: t('twoFactorEnrolment.codeHint'),
          autocomplete: 'one-time-code',
          inputmode: 'numeric',
          autofocus: true,
        })}
        <button class="button" type="submit">${t('twoFactorEnrolment.submit')}</button>
      </form>
      <p class="links"><a href="${interactionUrl(options.uid, 'abort')}">${t('signIn.cancel')}</a></p>`,
  };
}

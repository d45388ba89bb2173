import { renderAlert, renderField, renderMessageBody } from './account-layout';
import { forgotPasswordUrl } from './password-reset-pages';
import type { Translate } from './account-texts';
import { html, type SafeHtml } from './html';

/** The body and title of one page, before the frame (account-layout) wraps them. */
export interface PageContent {
  title: string;
  body: SafeHtml;
}

export const interactionUrl = (uid: string, action = '') =>
  `/account/interaction/${encodeURIComponent(uid)}${action ? `/${action}` : ''}`;

/** A tenant whose users may sign in through its national-ID broker. */
export interface NationalLoginChoice {
  tenantId: string;
  tenantName: string;
}

/**
 * The sign-in form; after a failed attempt the identifier is kept and the password left empty.
 * Below it, one button per tenant offering national ID sign-in.
 */
export function signInPage(
  t: Translate,
  options: {
    uid: string;
    identifier?: string;
    error?: string;
    notice?: string;
    nationalLogins?: readonly NationalLoginChoice[];
  },
): PageContent {
  const nationalLogins = options.nationalLogins ?? [];
  return {
    title: t('signIn.title'),
    body: html`<h1>${t('signIn.title')}</h1>
      <p class="muted">${t('signIn.subtitle')}</p>
      ${renderAlert(options.error)}${renderAlert(options.notice, 'info')}
      <form method="post" action="${interactionUrl(options.uid, 'login')}" novalidate>
        ${renderField({
          name: 'identifier',
          label: t('signIn.identifier'),
          value: options.identifier,
          autocomplete: 'username',
          autofocus: !options.identifier,
        })}
        ${renderField({
          name: 'password',
          label: t('signIn.password'),
          type: 'password',
          autocomplete: 'current-password',
          autofocus: Boolean(options.identifier),
        })}
        <button class="button" type="submit">${t('signIn.submit')}</button>
      </form>
      ${nationalLogins.map(
        (choice) =>
          html`<a
            class="button secondary"
            href="${interactionUrl(options.uid, `national-login/${choice.tenantId}`)}"
            >${t('signIn.nationalLogin', { tenant: choice.tenantName })}</a
          >`,
      )}
      <p class="links">
        <a href="${interactionUrl(options.uid, 'phone')}">${t('signIn.usePhone')}</a>
        <a href="${forgotPasswordUrl(options.uid)}">${t('signIn.forgotPassword')}</a>
        <a href="${interactionUrl(options.uid, 'abort')}">${t('signIn.cancel')}</a>
      </p>`,
  };
}

/** The second step: the code from the authenticator app. */
export function twoFactorPage(t: Translate, options: { uid: string; error?: string }): PageContent {
  return {
    title: t('twoFactor.title'),
    body: html`<h1>${t('twoFactor.title')}</h1>
      <p class="muted">${t('twoFactor.intro')}</p>
      ${renderAlert(options.error)}
      <form method="post" action="${interactionUrl(options.uid, 'two-factor')}" novalidate>
        ${renderField({
          name: 'code',
          label: t('twoFactor.code'),
          autocomplete: 'one-time-code',
          inputmode: 'numeric',
          autofocus: true,
        })}
        <button class="button" type="submit">${t('twoFactor.submit')}</button>
      </form>
      <p class="links"><a href="${interactionUrl(options.uid, 'abort')}">${t('signIn.cancel')}</a></p>`,
  };
}

/** A correct password for an account that may not sign in (unconfirmed e-mail, deactivated). */
export function notAllowedPage(
  t: Translate,
  options: { uid: string; reason: 'email_not_confirmed' | 'inactive' },
): PageContent {
  return {
    title: t('notAllowed.title'),
    body: renderMessageBody({
      title: t('notAllowed.title'),
      message: t(options.reason === 'inactive' ? 'signIn.inactive' : 'signIn.emailNotConfirmed'),
      link: { href: interactionUrl(options.uid), label: t('locked.back') },
    }),
  };
}

/** The interaction is unknown, expired or belongs to another browser. */
export function interactionExpiredPage(t: Translate): PageContent {
  return {
    title: t('interaction.expiredTitle'),
    body: renderMessageBody({
      title: t('interaction.expiredTitle'),
      message: t('interaction.expiredMessage'),
      link: { href: '/', label: t('interaction.home') },
    }),
  };
}

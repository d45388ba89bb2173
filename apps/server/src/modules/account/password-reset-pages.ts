import { ACCOUNT_PATHS, PASSWORD_RESET_TOKEN_TTL_MINUTES } from '@homeward/contracts';
import { renderAlert, renderField, renderMessageBody } from './account-layout';
import type { Translate } from './account-texts';
import { html } from './html';
import type { PageContent } from './sign-in-pages';

/**
 * "Forgot password?" as reached from the sign-in interaction `uid` (if any): the uid travels with
 * the page and its form, so the reset link can lead back to that interaction's client.
 */
export function forgotPasswordUrl(interaction?: string): string {
  return interaction
    ? `${ACCOUNT_PATHS.forgotPassword}?interaction=${encodeURIComponent(interaction)}`
    : ACCOUNT_PATHS.forgotPassword;
}

/** The form; "back to sign in" goes to `signInAddress` (the client the person came from). */
export function forgotPasswordPage(
  t: Translate,
  options: { email?: string; emailError?: string; interaction?: string; signInAddress: string },
): PageContent {
  return {
    title: t('forgotPassword.title'),
    body: html`<h1>${t('forgotPassword.title')}</h1>
      <p class="muted">${t('forgotPassword.intro')}</p>
      <form method="post" action="${ACCOUNT_PATHS.forgotPassword}" novalidate>
        ${options.interaction ? html`<input type="hidden" name="interaction" value="${options.interaction}" />` : ''}
        ${renderField({
          name: 'email',
          label: t('forgotPassword.email'),
          type: 'email',
          value: options.email,
          error: options.emailError,
          autocomplete: 'email',
          autofocus: true,
        })}
        <button class="button" type="submit">${t('forgotPassword.submit')}</button>
      </form>
      <p class="links"><a href="${options.signInAddress}">${t('forgotPassword.back')}</a></p>`,
  };
}

/** Shown whether or not the address belongs to an account, so it says nothing about who has one. */
export function forgotPasswordSentPage(t: Translate, email: string, signInAddress: string): PageContent {
  return {
    title: t('forgotPassword.sentTitle'),
    body: renderMessageBody({
      title: t('forgotPassword.sentTitle'),
      message: t('forgotPassword.sentMessage', { email, count: PASSWORD_RESET_TOKEN_TTL_MINUTES }),
      link: { href: signInAddress, label: t('forgotPassword.back') },
    }),
  };
}

export function resetPasswordPage(
  t: Translate,
  options: {
    token: string;
    minLength: number;
    passwordError?: string;
    confirmError?: string;
    error?: string;
  },
): PageContent {
  return {
    title: t('resetPassword.title'),
    body: html`<h1>${t('resetPassword.title')}</h1>
      ${renderAlert(options.error)}
      <form method="post" action="${ACCOUNT_PATHS.resetPassword}" novalidate>
        <input type="hidden" name="token" value="${options.token}" />
        ${renderField({
          name: 'password',
          label: t('resetPassword.password'),
          type: 'password',
          error: options.passwordError,
          hint: t('resetPassword.rules', { count: options.minLength }),
          autocomplete: 'new-password',
          autofocus: true,
        })}
        ${renderField({
          name: 'confirmPassword',
          label: t('resetPassword.confirmPassword'),
          type: 'password',
          error: options.confirmError,
          autocomplete: 'new-password',
        })}
        <button class="button" type="submit">${t('resetPassword.submit')}</button>
      </form>`,
  };
}

export function resetLinkInvalidPage(t: Translate): PageContent {
  return {
    title: t('resetPassword.title'),
    body: renderMessageBody({
      title: t('resetPassword.title'),
      message: t('resetPassword.linkInvalid'),
      link: { href: ACCOUNT_PATHS.forgotPassword, label: t('resetPassword.requestNew') },
      secondaryLink: { href: '/', label: t('resetPassword.home') },
    }),
  };
}

export function resetDonePage(t: Translate): PageContent {
  return {
    title: t('resetPassword.doneTitle'),
    body: renderMessageBody({
      title: t('resetPassword.doneTitle'),
      message: t('resetPassword.doneMessage'),
      link: { href: '/', label: t('resetPassword.home') },
    }),
  };
}

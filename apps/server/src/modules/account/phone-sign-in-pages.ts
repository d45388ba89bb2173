import { PHONE_SIGN_IN_CODE_TTL_MINUTES } from '@homeward/contracts';
import { renderAlert, renderField } from './account-layout';
import type { Translate } from './account-texts';
import { html } from './html';
import { interactionUrl, type PageContent } from './sign-in-pages';

const backToPassword = (t: Translate, uid: string) =>
  html`<a href="${interactionUrl(uid)}">${t('phoneSignIn.usePassword')}</a>`;

/** Phone sign-in, first step: the number a code is sent to. */
export function phoneNumberPage(
  t: Translate,
  options: { uid: string; phoneNumber?: string; error?: string; fieldError?: string },
): PageContent {
  return {
    title: t('phoneSignIn.title'),
    body: html`<h1>${t('phoneSignIn.title')}</h1>
      <p class="muted">${t('phoneSignIn.intro')}</p>
      ${renderAlert(options.error)}
      <form method="post" action="${interactionUrl(options.uid, 'phone')}" novalidate>
        ${renderField({
          name: 'phoneNumber',
          label: t('phoneSignIn.phoneNumber'),
          value: options.phoneNumber,
          error: options.fieldError,
          hint: t('phoneSignIn.phoneHint'),
          autocomplete: 'tel',
          autofocus: true,
        })}
        <button class="button" type="submit">${t('phoneSignIn.submit')}</button>
      </form>
      <p class="links">
        ${backToPassword(t, options.uid)}
        <a href="${interactionUrl(options.uid, 'abort')}">${t('signIn.cancel')}</a>
      </p>`,
  };
}

/**
 * Phone sign-in, second step: the code from the SMS. It says the same whether or not the number
 * has an account; the number rides along in a hidden field (it is the visitor's own input).
 */
export function phoneCodePage(
  t: Translate,
  options: { uid: string; phoneNumber: string; error?: string; fieldError?: string },
): PageContent {
  return {
    title: t('phoneSignIn.codeTitle'),
    body: html`<h1>${t('phoneSignIn.codeTitle')}</h1>
      <p class="muted">
        ${t('phoneSignIn.codeSent', {
          phoneNumber: options.phoneNumber,
          count: PHONE_SIGN_IN_CODE_TTL_MINUTES,
        })}
      </p>
      ${renderAlert(options.error)}
      <form method="post" action="${interactionUrl(options.uid, 'phone-code')}" novalidate>
        <input type="hidden" name="phoneNumber" value="${options.phoneNumber}" />
        ${renderField({
          name: 'code',
          label: t('phoneSignIn.code'),
          error: options.fieldError,
          autocomplete: 'one-time-code',
          inputmode: 'numeric',
          autofocus: true,
        })}
        <button class="button" type="submit">${t('phoneSignIn.codeSubmit')}</button>
      </form>
      <p class="links">
        <a href="${interactionUrl(options.uid, 'phone')}">${t('phoneSignIn.newCode')}</a>
        ${backToPassword(t, options.uid)}
      </p>`,
  };
}

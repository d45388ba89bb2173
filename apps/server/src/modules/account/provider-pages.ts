import type {
  ProviderForm,
  ProviderPageRequest,
  ProviderPages,
} from '../../platform/auth/oidc/provider-pages';
import { renderMessageBody, renderPage } from './account-layout';
import {
  accountLanguageOf,
  isAccountLanguage,
  type AccountLanguage,
  type AccountTexts,
} from './account-texts';
import { html, trustedHtml } from './html';
import { allowInlineScripts } from '../../platform/http/security-headers';

/**
 * The one inline script of the provider's pages. It is the same text on every page and every
 * request, so the Content-Security-Policy allows it by its sha256 hash.
 */
export const AUTO_SUBMIT_SCRIPT = 'document.forms[0].submit();';
// Built outside the html templates, which the formatter would re-indent (and so change the hash).
// Registered with the Content-Security-Policy (by its sha256), which allows no other inline script.
const AUTO_SUBMIT_ELEMENT = trustedHtml(allowInlineScripts(`<script>${AUTO_SUBMIT_SCRIPT}</script>`));

/** Texts of the auto-posting page, per purpose (account.json `provider.*`). */
const AUTO_SUBMIT_TEXTS = {
  signOut: {
    title: 'provider.signingOutTitle',
    message: 'provider.signingOutMessage',
    button: 'provider.signOut',
  },
  continue: {
    title: 'provider.continueTitle',
    message: 'provider.continueMessage',
    button: 'provider.continue',
  },
} as const;

/**
 * The language of a provider page: `?lng=`, then the client's `ui_locales` (the first we write),
 * then the account pages' own choice (cookie, Accept-Language, English).
 */
export function providerPageLanguage(request: ProviderPageRequest): AccountLanguage {
  if (isAccountLanguage(request.query.lng)) return request.query.lng;
  const asked = (request.uiLocales ?? '')
    .split(' ')
    .map((tag) => tag.split('-')[0]!.toLowerCase())
    .find(isAccountLanguage);
  return asked ?? accountLanguageOf(request);
}

/** The provider's own pages in the account pages' layout, in English and Danish. */
export function createProviderPages(texts: AccountTexts): ProviderPages {
  const pageOf = (request: ProviderPageRequest) => {
    const language = providerPageLanguage(request);
    return { language, t: texts.translator(language) };
  };

  return {
    autoSubmit(request, form: ProviderForm, purpose) {
      const { language, t } = pageOf(request);
      const keys = AUTO_SUBMIT_TEXTS[purpose];
      const body = html`<h1>${t(keys.title)}</h1>
        <p class="muted">${t(keys.message)}</p>
        <form method="post" action="${form.action}">
          ${form.fields.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
          <noscript><button class="button" type="submit">${t(keys.button)}</button></noscript>
        </form>
        ${AUTO_SUBMIT_ELEMENT}`;
      return renderPage({ language, t, title: t(keys.title), body });
    },

    signedOut(request) {
      const { language, t } = pageOf(request);
      const body = renderMessageBody({
        title: t('provider.signedOutTitle'),
        message: t('provider.signedOutMessage'),
        link: { href: '/', label: t('provider.signInAgain') },
      });
      return renderPage({ language, t, title: t('provider.signedOutTitle'), body });
    },

    error(request, error) {
      const { language, t } = pageOf(request);
      // The protocol error stays as the provider words it: it is what a client's developer or
      // support looks up, and the sentence above it says what to do.
      const detail = `${t('provider.errorDetail')}: ${error.error}${error.description ? ` (${error.description})` : ''}`;
      const body = renderMessageBody({
        title: t('errors.title'),
        message: t('provider.errorMessage'),
        detail,
        link: { href: '/', label: t('interaction.home') },
      });
      return renderPage({ language, t, title: t('errors.title'), body });
    },
  };
}

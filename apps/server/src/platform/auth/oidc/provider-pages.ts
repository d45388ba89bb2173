import type { IncomingHttpHeaders } from 'node:http';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';

/** What a provider page needs of its request: the language choice (`lng`, cookie, headers). */
export interface ProviderPageRequest {
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** The client's `ui_locales` parameter, when the request carried one. */
  uiLocales?: string;
}

/** A form the provider wants posted: where to, and its hidden fields in order. */
export interface ProviderForm {
  action: string;
  fields: [name: string, value: string][];
}

/**
 * Every page oidc-provider would otherwise draw itself (English only, unbranded, with fonts from a
 * third-party host), drawn by modules/account in the product's look and language. Each returns a
 * whole HTML document.
 */
export interface ProviderPages {
  /** Posts `form` at once (a static script, with a button when scripts are off). */
  autoSubmit(request: ProviderPageRequest, form: ProviderForm, purpose: 'signOut' | 'continue'): string;
  /** After signing out at the provider when no client asked to be returned to. */
  signedOut(request: ProviderPageRequest): string;
  /** A protocol error that cannot go back to a client (bad redirect URI, expired sign-out, ...). */
  error(request: ProviderPageRequest, error: { error: string; description?: string }): string;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/**
 * The action and hidden fields of a form the provider wrote (its logout form, its form_post page),
 * or undefined when the markup is not such a form.
 */
export function readProviderForm(markup: string): ProviderForm | undefined {
  const action = /<form\b[^>]*\baction="([^"]*)"/.exec(markup)?.[1];
  if (action === undefined) return undefined;
  const fields = [...markup.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)].map(
    (match): [string, string] => [unescape(match[1]!), unescape(match[2]!)],
  );
  return { action: unescape(action), fields };
}

function pageRequestOf(ctx: KoaContextWithOIDC): ProviderPageRequest {
  const uiLocales = ctx.oidc?.params?.ui_locales;
  return {
    query: ctx.query,
    headers: ctx.headers,
    ...(typeof uiLocales === 'string' ? { uiLocales } : {}),
  };
}

function sendPage(ctx: KoaContextWithOIDC, page: string): void {
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  ctx.body = page;
}

/**
 * The provider's page options in our look: sign-out without a confirmation page (the form posts
 * itself with `logout=yes`), the signed-out page, and the error page.
 */
export function providerPageOptions(pages: ProviderPages) {
  return {
    logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
      const parsed = readProviderForm(form);
      if (!parsed) throw new Error('oidc-provider logout form not understood');
      const fields: ProviderForm['fields'] = [...parsed.fields, ['logout', 'yes']];
      sendPage(ctx, pages.autoSubmit(pageRequestOf(ctx), { ...parsed, fields }, 'signOut'));
    },
    postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
      sendPage(ctx, pages.signedOut(pageRequestOf(ctx)));
    },
    renderError: (async (ctx, out) => {
      const description = out.error_description ? String(out.error_description) : undefined;
      sendPage(ctx, pages.error(pageRequestOf(ctx), { error: String(out.error), description }));
    }) satisfies Configuration['renderError'],
  };
}

/** The library's own auto-posting page (response_mode=form_post, a sign-in as another user). */
const LIBRARY_FORM_POST_TITLE = '<title>Submitting Callback</title>';

/**
 * Koa middleware for the provider: the one page it draws without an option to replace it, the
 * auto-posting form, is drawn again as ours with the same action and fields.
 */
export function createFormPostPageMiddleware(pages: ProviderPages) {
  return async function formPostPage(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
    await next();
    if (typeof ctx.body !== 'string' || !ctx.body.includes(LIBRARY_FORM_POST_TITLE)) return;
    const form = readProviderForm(ctx.body);
    if (form) sendPage(ctx, pages.autoSubmit(pageRequestOf(ctx), form, 'continue'));
  };
}

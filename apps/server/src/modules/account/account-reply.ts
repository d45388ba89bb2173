import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderPage } from './account-layout';
import {
  accountLanguageOf,
  isAccountLanguage,
  LANGUAGE_COOKIE,
  type AccountLanguage,
  type AccountTexts,
  type Translate,
} from './account-texts';
import type { PageContent } from './sign-in-pages';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Pages with credentials must not be cached, framed (clickjacking) or run scripts. `form-action` is
 * left out on purpose: browsers apply it to the redirects after a post, which end at the client's
 * redirect_uri on another origin.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'";

export interface PageRequest {
  language: AccountLanguage;
  t: Translate;
}

/** The language and translator of this request. */
export function pageRequestOf(request: FastifyRequest, texts: AccountTexts): PageRequest {
  const language = accountLanguageOf(request);
  return { language, t: texts.translator(language) };
}

/**
 * Sends a rendered page. A language picked with `?lng=` is remembered in a cookie, so the pages that
 * follow (and the form posts) stay in it.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageRequest,
  content: PageContent,
  options: { switchLanguageUrl?: string; status?: number },
): FastifyReply {
  const picked = (request.query as { lng?: unknown } | undefined)?.lng;
  if (isAccountLanguage(picked)) {
    reply.header(
      'set-cookie',
      `${LANGUAGE_COOKIE}=${picked}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`,
    );
  }
  return reply
    .status(options.status ?? 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .send(
      renderPage({
        language: page.language,
        t: page.t,
        title: content.title,
        body: content.body,
        switchLanguageUrl: options.switchLanguageUrl,
      }),
    );
}

/** A posted form field as text; formbody gives arrays for repeated names, which count as missing. */
export function formField(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

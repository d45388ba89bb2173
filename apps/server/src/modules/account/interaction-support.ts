import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { renderPage } from './account-layout';
import { sendPage, type PageRequest } from './account-reply';
import type { SignInContext } from './sign-in.service';
import { interactionExpiredPage, interactionUrl, type PageContent } from './sign-in-pages';

/**
 * What every step of the provider's login interaction shares (interaction.routes.ts,
 * phone-sign-in.routes.ts): finding the browser's interaction, showing a page of it, and handing
 * the result back to the provider.
 */

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
export type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/** A page of the interaction; the language switch returns to `switchTo` (the interaction's start). */
export function showInteractionPage(
  request: UidRequest,
  reply: FastifyReply,
  page: PageRequest,
  content: PageContent,
  status = 200,
  switchTo = interactionUrl(request.params.uid),
) {
  return sendPage(request, reply, page, content, { switchLanguageUrl: switchTo, status });
}

/** The interaction of this browser (the provider checks its cookie against the uid), or undefined. */
export async function findInteraction(
  provider: Provider,
  request: UidRequest,
  reply: FastifyReply,
): Promise<Interaction | undefined> {
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    return details.uid === request.params.uid ? details : undefined;
  } catch (error) {
    request.log.info({ err: error }, 'sign-in interaction not found');
    return undefined;
  }
}

export const showExpiredInteraction = (request: UidRequest, reply: FastifyReply, page: PageRequest) =>
  showInteractionPage(request, reply, page, interactionExpiredPage(page.t), 400);

/** Hands the result to the provider, which redirects (303) back into the authorization flow. */
export async function finishInteraction(
  provider: Provider,
  request: UidRequest,
  reply: FastifyReply,
  page: PageRequest,
  result: InteractionResults,
  mergeWithLastSubmission = true,
) {
  reply.hijack();
  try {
    await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission });
  } catch (error) {
    // The interaction expired between the page and the post; the reply is ours to write again.
    request.log.info({ err: error }, 'sign-in interaction could not be finished');
    if (!reply.raw.headersSent) {
      const content = interactionExpiredPage(page.t);
      reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      reply.raw.end(renderPage({ ...page, ...content }));
    }
  }
}

/** Who signs in from where, for the security log. */
export const signInContextOf = (request: FastifyRequest, details: Interaction): SignInContext => ({
  clientId: typeof details.params.client_id === 'string' ? details.params.client_id : null,
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * An address over its budget of failed attempts (sign-in-lockout.ts): 429 with Retry-After, and
 * the form's message (the translation `key`, by default the password's) says in how many minutes.
 */
export function throttledMessage(
  reply: FastifyReply,
  page: PageRequest,
  retryAfterSeconds: number,
  key = 'signIn.throttled',
): string {
  reply.header('retry-after', String(retryAfterSeconds));
  return page.t(key, { minutes: Math.ceil(retryAfterSeconds / 60) });
}

/**
 * The origin the sign-in interaction `uid` returns to (its client's redirect URI, which the provider
 * checked against the client's registered ones), or undefined when there is no such interaction
 * (unknown, expired, finished). Read from the provider's store, not from the browser: the pages
 * reached from the sign-in form ("forgot password?") carry only the uid.
 */
export async function interactionClientOrigin(
  provider: Provider,
  uid: string | undefined,
): Promise<string | undefined> {
  // The provider's ids are short URL-safe strings; anything else is not worth a lookup.
  if (!uid || !/^[\w-]{1,64}$/.test(uid)) return undefined;
  try {
    const interaction = await provider.Interaction.find(uid);
    const redirectUri = interaction?.params.redirect_uri;
    return typeof redirectUri === 'string' ? new URL(redirectUri).origin : undefined;
  } catch {
    // An unreadable id or address is no interaction of ours.
    return undefined;
  }
}

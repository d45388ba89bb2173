import { zSignInForm, zTwoFactorForm } from '@homeward/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { formField, pageRequestOf, type PageRequest } from './account-reply';
import type { AccountTexts } from './account-texts';
import type { PendingEnrolment, PendingTwoFactorSignIns } from './pending-two-factor';
import {
  finishInteraction,
  findInteraction,
  showExpiredInteraction,
  showInteractionPage,
  signInContextOf,
  throttledMessage,
  type Interaction,
  type UidRequest,
} from './interaction-support';
import type { SignInResult, SignInService } from './sign-in.service';
import {
  interactionUrl,
  notAllowedPage,
  signInPage as renderSignInPage,
  twoFactorPage,
  type NationalLoginChoice,
  type PageContent,
} from './sign-in-pages';
import { totpQrCodeSvg } from './totp-qr-code';
import { twoFactorEnrolmentPage } from './two-factor-enrolment-page';

export interface InteractionRoutesOptions {
  provider: Provider;
  signIn: SignInService;
  texts: AccountTexts;
  pending: PendingTwoFactorSignIns;
  /** The tenants offering national ID sign-in (buttons below the form). */
  nationalLogins(): Promise<NationalLoginChoice[]>;
}

/**
 * The provider's login prompt (interactions.url = /account/interaction/:uid): the sign-in form, the
 * TOTP step (or setting up the authenticator app when two-factor is required and none is set up yet)
 * and the automatic consent of our first-party clients.
 */
export const interactionRoutes: FastifyPluginAsync<InteractionRoutesOptions> = async (app, options) => {
  const { provider, signIn, texts, pending } = options;
  /** The sign-in form with the national ID buttons of the moment. */
  const signInPage = async (t: PageRequest['t'], content: Parameters<typeof renderSignInPage>[1]) =>
    renderSignInPage(t, { ...content, nationalLogins: await options.nationalLogins() });

  const show = (
    request: UidRequest,
    reply: FastifyReply,
    page: PageRequest,
    content: PageContent,
    status = 200,
  ) => showInteractionPage(request, reply, page, content, status);

  const interactionOf = (request: UidRequest, reply: FastifyReply) =>
    findInteraction(provider, request, reply);

  /** The enrolment page for the secret kept for this interaction (the same one on every re-render). */
  async function showEnrolment(
    request: UidRequest,
    reply: FastifyReply,
    page: PageRequest,
    enrolment: PendingEnrolment,
    error?: string,
    status = 200,
  ) {
    const qrCode = await totpQrCodeSvg(enrolment.uri, page.t('twoFactorEnrolment.qrLabel'));
    const content = twoFactorEnrolmentPage(page.t, {
      uid: request.params.uid,
      secret: enrolment.secret,
      qrCode,
      error,
    });
    return show(request, reply, page, content, status);
  }

  /** The secret already offered on this interaction to this user, else a fresh one (kept server-side). */
  async function enrolmentFor(uid: string, userId: string): Promise<PendingEnrolment | undefined> {
    const offered = await pending.enrolmentFor(uid);
    if (offered?.userId === userId) return offered.enrolment;
    const enrolment = await signIn.newTwoFactorEnrolment(userId);
    if (enrolment) await pending.remember(uid, userId, enrolment);
    return enrolment;
  }

  const expired = showExpiredInteraction;
  const finish = (
    request: UidRequest,
    reply: FastifyReply,
    page: PageRequest,
    result: InteractionResults,
    mergeWithLastSubmission = true,
  ) => finishInteraction(provider, request, reply, page, result, mergeWithLastSubmission);
  const contextOf = signInContextOf;

  /** The pages of the outcomes both steps share; undefined for the ones each step handles itself. */
  function outcomePage(page: PageRequest, uid: string, result: SignInResult): PageContent | undefined {
    if (result.outcome === 'not_allowed') return notAllowedPage(page.t, { uid, reason: result.reason });
    return undefined;
  }

  /** First-party clients: consent is granted without asking, for what the client requested. */
  async function grantConsent(details: Interaction): Promise<string | undefined> {
    const accountId = details.session?.accountId;
    const clientId = details.params.client_id;
    if (!accountId || typeof clientId !== 'string') return undefined;
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    return grant.save();
  }

  app.get<{ Params: { uid: string } }>('/account/interaction/:uid', async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const details = await interactionOf(request, reply);
    if (!details) return expired(request, reply, page);

    if (details.prompt.name === 'login') {
      // A language switch on the code or enrolment step lands here: stay on that step.
      const enrolling = await pending.enrolmentFor(details.uid);
      if (enrolling) return showEnrolment(request, reply, page, enrolling.enrolment);
      if (await pending.userIdFor(details.uid))
        return show(request, reply, page, twoFactorPage(page.t, { uid: details.uid }));
      const hint = details.params.login_hint;
      const identifier = typeof hint === 'string' ? hint : undefined;
      return show(request, reply, page, await signInPage(page.t, { uid: details.uid, identifier }));
    }
    if (details.prompt.name === 'consent') {
      const grantId = await grantConsent(details);
      if (!grantId) return expired(request, reply, page);
      return finish(request, reply, page, { consent: { grantId } });
    }
    return expired(request, reply, page);
  });

  app.post<{ Params: { uid: string } }>('/account/interaction/:uid/login', async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const details = await interactionOf(request, reply);
    if (!details) return expired(request, reply, page);
    if (details.prompt.name !== 'login') return reply.redirect(interactionUrl(details.uid), 303);

    const form = {
      identifier: formField(request.body, 'identifier'),
      password: formField(request.body, 'password'),
    };
    const parsed = zSignInForm.safeParse(form);
    if (!parsed.success) {
      const content = await signInPage(page.t, {
        uid: details.uid,
        identifier: form.identifier,
        error: page.t('signIn.invalidCredentials'),
      });
      return show(request, reply, page, content, 400);
    }

    const { identifier, password } = parsed.data;
    const result = await signIn.verifyPassword(identifier, password, contextOf(request, details));
    switch (result.outcome) {
      case 'succeeded':
        return finish(request, reply, page, { login: { accountId: result.userId, amr: ['pwd'] } });
      case 'requires_two_factor':
        await pending.remember(details.uid, result.userId, undefined, 'pwd');
        return show(request, reply, page, twoFactorPage(page.t, { uid: details.uid }));
      case 'requires_two_factor_enrolment': {
        const enrolment = await enrolmentFor(details.uid, result.userId);
        if (enrolment) return showEnrolment(request, reply, page, enrolment);
        // Two-factor was switched off or set up elsewhere in between: start again from the password.
        const content = await signInPage(page.t, { uid: details.uid, notice: page.t('twoFactor.expired') });
        return show(request, reply, page, content);
      }
      case 'invalid_credentials': {
        const error = page.t('signIn.invalidCredentials');
        return show(request, reply, page, await signInPage(page.t, { uid: details.uid, identifier, error }));
      }
      case 'throttled': {
        const error = throttledMessage(reply, page, result.retryAfterSeconds);
        const content = await signInPage(page.t, { uid: details.uid, identifier, error });
        return show(request, reply, page, content, 429);
      }
      default:
        return show(request, reply, page, outcomePage(page, details.uid, result)!);
    }
  });

  app.post<{ Params: { uid: string } }>('/account/interaction/:uid/two-factor', async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const details = await interactionOf(request, reply);
    if (!details) return expired(request, reply, page);

    const userId = await pending.userIdFor(details.uid);
    if (!userId || details.prompt.name !== 'login') {
      const content = await signInPage(page.t, { uid: details.uid, notice: page.t('twoFactor.expired') });
      return show(request, reply, page, content, 400);
    }
    const parsed = zTwoFactorForm.safeParse({ code: formField(request.body, 'code') });
    if (!parsed.success) {
      const content = twoFactorPage(page.t, { uid: details.uid, error: page.t('validation.totpCode') });
      return show(request, reply, page, content, 400);
    }

    const result = await signIn.verifyTwoFactor(userId, parsed.data.code, contextOf(request, details));
    if (result.outcome === 'succeeded') {
      const amr = await pending.amrFor(details.uid);
      await pending.forget(details.uid);
      return finish(request, reply, page, { login: { accountId: result.userId, amr } });
    }
    if (result.outcome === 'throttled') {
      const error = throttledMessage(reply, page, result.retryAfterSeconds);
      return show(request, reply, page, twoFactorPage(page.t, { uid: details.uid, error }), 429);
    }
    const content = outcomePage(page, details.uid, result);
    if (content) {
      await pending.forget(details.uid);
      return show(request, reply, page, content);
    }
    const error = page.t('twoFactor.invalidCode');
    return show(request, reply, page, twoFactorPage(page.t, { uid: details.uid, error }));
  });

  app.post<{ Params: { uid: string } }>(
    '/account/interaction/:uid/two-factor-enrolment',
    async (request, reply) => {
      const page = pageRequestOf(request, texts);
      const details = await interactionOf(request, reply);
      if (!details) return expired(request, reply, page);

      const enrolling = await pending.enrolmentFor(details.uid);
      if (!enrolling || details.prompt.name !== 'login') {
        const content = await signInPage(page.t, { uid: details.uid, notice: page.t('twoFactor.expired') });
        return show(request, reply, page, content, 400);
      }
      const { userId, enrolment } = enrolling;
      const parsed = zTwoFactorForm.safeParse({ code: formField(request.body, 'code') });
      if (!parsed.success) {
        return showEnrolment(request, reply, page, enrolment, page.t('validation.totpCode'), 400);
      }

      const context = contextOf(request, details);
      const result = await signIn.completeTwoFactorEnrolment(
        userId,
        enrolment.secret,
        parsed.data.code,
        context,
      );
      if (result.outcome === 'succeeded') {
        const amr = await pending.amrFor(details.uid);
        await pending.forget(details.uid);
        return finish(request, reply, page, { login: { accountId: result.userId, amr } });
      }
      if (result.outcome === 'throttled') {
        const error = throttledMessage(reply, page, result.retryAfterSeconds);
        return showEnrolment(request, reply, page, enrolment, error, 429);
      }
      const content = outcomePage(page, details.uid, result);
      if (content) {
        await pending.forget(details.uid);
        return show(request, reply, page, content);
      }
      return showEnrolment(request, reply, page, enrolment, page.t('twoFactorEnrolment.invalidCode'));
    },
  );

  app.get<{ Params: { uid: string } }>('/account/interaction/:uid/abort', async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const details = await interactionOf(request, reply);
    if (!details) return expired(request, reply, page);
    await pending.forget(details.uid);
    return finish(
      request,
      reply,
      page,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      false,
    );
  });
};

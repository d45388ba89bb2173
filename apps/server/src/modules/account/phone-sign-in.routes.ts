import { fieldErrorsOf, zPhoneCodeForm, zPhoneSignInForm } from '@homeward/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { formField, pageRequestOf, type PageRequest } from './account-reply';
import type { AccountTexts } from './account-texts';
import {
  findInteraction,
  finishInteraction,
  showExpiredInteraction,
  showInteractionPage,
  signInContextOf,
  throttledMessage,
  type UidRequest,
} from './interaction-support';
import type { PendingTwoFactorSignIns } from './pending-two-factor';
import { phoneCodePage, phoneNumberPage } from './phone-sign-in-pages';
import type { PhoneSignInResult, PhoneSignInService } from './phone-sign-in.service';
import type { SignInService } from './sign-in.service';
import { interactionUrl, notAllowedPage, signInPage, type PageContent } from './sign-in-pages';

export interface PhoneSignInRoutesOptions {
  provider: Provider;
  phoneSignIn: PhoneSignInService;
  /** For the authenticator app step that a user with two-factor still owes after the code. */
  signIn: SignInService;
  texts: AccountTexts;
  pending: PendingTwoFactorSignIns;
}

/** The messages of refused codes (translation keys of the `account` namespace). */
const REFUSED_CODE_MESSAGES: Partial<Record<PhoneSignInResult['outcome'], string>> = {
  invalid_code: 'phoneSignIn.invalidCode',
  expired_code: 'phoneSignIn.expiredCode',
  reused_code: 'phoneSignIn.reusedCode',
};

/** A field's first error, translated (the contracts' messages are `account:` keys). */
function fieldError(page: PageRequest, error: Parameters<typeof fieldErrorsOf>[0], field: string) {
  const message = fieldErrorsOf(error).find((candidate) => candidate.field === field)?.message;
  return message ? page.t(message) : undefined;
}

/**
 * Phone sign-in on the provider's login prompt, the alternative to user name and password:
 * `GET/POST /account/interaction/:uid/phone` asks for the number and sends the code,
 * `POST /account/interaction/:uid/phone-code` checks it. The same interaction as the password
 * sign-in, so both clients get it; a user who owes a second factor (their own switch or the
 * tenant's policy) still gives it after the code, on the password sign-in's two-factor step.
 */
export const phoneSignInRoutes: FastifyPluginAsync<PhoneSignInRoutesOptions> = async (app, options) => {
  const { provider, phoneSignIn, signIn, texts, pending } = options;
  const phoneUrl = (request: UidRequest) => interactionUrl(request.params.uid, 'phone');
  // The language switch on these pages returns to the number step (the number is not in the URL).
  const show = (
    request: UidRequest,
    reply: FastifyReply,
    page: PageRequest,
    content: PageContent,
    status = 200,
  ) => showInteractionPage(request, reply, page, content, status, phoneUrl(request));

  /** The login prompt of this browser's interaction, else the page that says it has ended. */
  async function loginInteraction(request: UidRequest, reply: FastifyReply, page: PageRequest) {
    const details = await findInteraction(provider, request, reply);
    if (!details) {
      await showExpiredInteraction(request, reply, page);
      return undefined;
    }
    if (details.prompt.name !== 'login') {
      await reply.redirect(interactionUrl(details.uid), 303);
      return undefined;
    }
    return details;
  }

  app.get<{ Params: { uid: string } }>('/account/interaction/:uid/phone', async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const details = await loginInteraction(request, reply, page);
    if (!details) return reply;
    return show(request, reply, page, phoneNumberPage(page.t, { uid: details.uid }));
  });

  app.post<{ Params: { uid: string } }>('/account/interaction/:uid/phone', async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const details = await loginInteraction(request, reply, page);
    if (!details) return reply;
    const typed = formField(request.body, 'phoneNumber');
    const parsed = zPhoneSignInForm.safeParse({ phoneNumber: typed });
    if (!parsed.success) {
      const content = phoneNumberPage(page.t, {
        uid: details.uid,
        phoneNumber: typed.slice(0, 64),
        fieldError: fieldError(page, parsed.error, 'phoneNumber'),
      });
      return show(request, reply, page, content, 400);
    }

    const { phoneNumber } = parsed.data;
    const result = await phoneSignIn.requestCode(
      phoneNumber,
      page.language,
      signInContextOf(request, details),
    );
    if (result.outcome === 'throttled') {
      const error = throttledMessage(reply, page, result.retryAfterSeconds, 'phoneSignIn.throttled');
      return show(
        request,
        reply,
        page,
        phoneNumberPage(page.t, { uid: details.uid, phoneNumber, error }),
        429,
      );
    }
    return show(request, reply, page, phoneCodePage(page.t, { uid: details.uid, phoneNumber }));
  });

  app.post<{ Params: { uid: string } }>('/account/interaction/:uid/phone-code', async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const details = await loginInteraction(request, reply, page);
    if (!details) return reply;
    const form = {
      phoneNumber: formField(request.body, 'phoneNumber'),
      code: formField(request.body, 'code'),
    };
    const parsed = zPhoneCodeForm.safeParse(form);
    if (!parsed.success) {
      // Without a number there is no code to check: start again from the number.
      const number = zPhoneSignInForm.safeParse({ phoneNumber: form.phoneNumber });
      if (!number.success) return reply.redirect(interactionUrl(details.uid, 'phone'), 303);
      const content = phoneCodePage(page.t, {
        uid: details.uid,
        phoneNumber: number.data.phoneNumber,
        fieldError: fieldError(page, parsed.error, 'code'),
      });
      return show(request, reply, page, content, 400);
    }

    const { phoneNumber, code } = parsed.data;
    const uid = details.uid;
    const result = await phoneSignIn.verifyCode(phoneNumber, code, signInContextOf(request, details));
    switch (result.outcome) {
      case 'succeeded':
        return finishInteraction(provider, request, reply, page, {
          login: { accountId: result.userId, amr: ['sms'] },
        });
      case 'requires_two_factor':
        // Conservative: the SMS code replaces the password, not the authenticator app.
        await pending.remember(uid, result.userId, undefined, 'sms');
        return reply.redirect(interactionUrl(uid), 303);
      case 'requires_two_factor_enrolment': {
        const enrolment = await signIn.newTwoFactorEnrolment(result.userId);
        if (!enrolment) {
          const content = signInPage(page.t, { uid, notice: page.t('twoFactor.expired') });
          return showInteractionPage(request, reply, page, content);
        }
        await pending.remember(uid, result.userId, enrolment, 'sms');
        return reply.redirect(interactionUrl(uid), 303);
      }
      case 'not_allowed':
        return show(request, reply, page, notAllowedPage(page.t, { uid, reason: result.reason }));
      case 'throttled': {
        const error = throttledMessage(reply, page, result.retryAfterSeconds);
        return show(request, reply, page, phoneCodePage(page.t, { uid, phoneNumber, error }), 429);
      }
      default: {
        const error = page.t(REFUSED_CODE_MESSAGES[result.outcome] ?? 'phoneSignIn.invalidCode');
        return show(request, reply, page, phoneCodePage(page.t, { uid, phoneNumber, error }));
      }
    }
  });
};

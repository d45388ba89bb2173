import { ACCOUNT_PATHS, fieldErrorsOf, zForgotPasswordForm, zResetPasswordForm } from '@homeward/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/errors/domain-error';
import { formField, pageRequestOf, sendPage, type PageRequest } from './account-reply';
import type { AccountTexts } from './account-texts';
import {
  forgotPasswordPage,
  forgotPasswordSentPage,
  forgotPasswordUrl,
  resetDonePage,
  resetLinkInvalidPage,
  resetPasswordPage,
} from './password-reset-pages';
import { INVALID_RESET_TOKEN, type PasswordResetService } from './password-reset.service';

export interface PasswordResetRoutesOptions {
  service: PasswordResetService;
  texts: AccountTexts;
  /** The origin the sign-in interaction with this uid returns to (`interactionClientOrigin`). */
  interactionClientOrigin(uid: string | undefined): Promise<string | undefined>;
}

/** Field errors as translated text per field (several rules on one field read as one paragraph). */
function translatedErrors(
  page: PageRequest,
  errors: { field: string; message: string; params?: Record<string, string | number> }[],
) {
  const byField: Record<string, string> = {};
  for (const error of errors) {
    const text = page.t(error.message, error.params);
    byField[error.field] = byField[error.field] ? `${byField[error.field]} ${text}` : text;
  }
  return byField;
}

const contextOf = (request: FastifyRequest, clientOrigin?: string) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  clientOrigin,
});

/** "Forgot password?" and the page the e-mailed link opens. HTML pages, not /api routes. */
export const passwordResetRoutes: FastifyPluginAsync<PasswordResetRoutesOptions> = async (app, options) => {
  const { service, texts } = options;
  const resetUrl = (token: string) => `${ACCOUNT_PATHS.resetPassword}?token=${encodeURIComponent(token)}`;

  /**
   * The sign-in interaction the page was reached from (`?interaction=` on the page, a hidden field
   * in its form) and the client origin it returns to. Kept on the page only while the provider
   * knows it, so the page never repeats what a link made up.
   */
  async function cameFrom(fields: unknown) {
    const uid = formField(fields, 'interaction') || undefined;
    const clientOrigin = await options.interactionClientOrigin(uid);
    const interaction = clientOrigin ? uid : undefined;
    return { interaction, clientOrigin, signInAddress: service.signInAddress(clientOrigin) };
  }

  app.get(ACCOUNT_PATHS.forgotPassword, async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const from = await cameFrom(request.query);
    return sendPage(request, reply, page, forgotPasswordPage(page.t, from), {
      switchLanguageUrl: forgotPasswordUrl(from.interaction),
    });
  });

  app.post(ACCOUNT_PATHS.forgotPassword, async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const from = await cameFrom(request.body);
    const switchLanguageUrl = forgotPasswordUrl(from.interaction);
    const email = formField(request.body, 'email').trim();
    const parsed = zForgotPasswordForm.safeParse({ email });
    if (!parsed.success) {
      const errors = translatedErrors(page, fieldErrorsOf(parsed.error));
      const content = forgotPasswordPage(page.t, { ...from, email, emailError: errors.email });
      return sendPage(request, reply, page, content, { switchLanguageUrl, status: 400 });
    }
    await service.requestPasswordReset(
      parsed.data.email,
      page.language,
      contextOf(request, from.clientOrigin),
    );
    const sent = forgotPasswordSentPage(page.t, parsed.data.email, from.signInAddress);
    return sendPage(request, reply, page, sent, { switchLanguageUrl });
  });

  app.get(ACCOUNT_PATHS.resetPassword, async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const token = formField(request.query, 'token');
    const policy = await service.resetTokenPolicy(token);
    const switchLanguageUrl = resetUrl(token);
    if (!policy) {
      return sendPage(request, reply, page, resetLinkInvalidPage(page.t), { switchLanguageUrl, status: 400 });
    }
    return sendPage(request, reply, page, resetPasswordPage(page.t, { token, minLength: policy.minLength }), {
      switchLanguageUrl,
    });
  });

  app.post(ACCOUNT_PATHS.resetPassword, async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const form = {
      token: formField(request.body, 'token'),
      password: formField(request.body, 'password'),
      confirmPassword: formField(request.body, 'confirmPassword'),
    };
    const switchLanguageUrl = resetUrl(form.token);
    const invalidLink = () =>
      sendPage(request, reply, page, resetLinkInvalidPage(page.t), { switchLanguageUrl, status: 400 });

    const policy = await service.resetTokenPolicy(form.token);
    if (!policy) return invalidLink();
    const showErrors = (errors: ReturnType<typeof fieldErrorsOf>) => {
      const byField = translatedErrors(page, errors);
      return sendPage(
        request,
        reply,
        page,
        resetPasswordPage(page.t, {
          token: form.token,
          minLength: policy.minLength,
          passwordError: byField.password,
          confirmError: byField.confirmPassword,
        }),
        { switchLanguageUrl, status: 400 },
      );
    };

    const parsed = zResetPasswordForm(policy).safeParse(form);
    if (!parsed.success) return showErrors(fieldErrorsOf(parsed.error));
    try {
      await service.resetPassword(form.token, form.password, contextOf(request));
    } catch (error) {
      if (!(error instanceof DomainError) || !error.validationErrors) throw error;
      if (error.validationErrors.some((fieldError) => fieldError.message === INVALID_RESET_TOKEN)) {
        return invalidLink();
      }
      return showErrors(error.validationErrors);
    }
    // No language links: the used link would now answer "invalid".
    return sendPage(request, reply, page, resetDonePage(page.t), {});
  });
};

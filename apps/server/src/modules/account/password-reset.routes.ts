import { ACCOUNT_PATHS, fieldErrorsOf, zForgotPasswordForm, zResetPasswordForm } from '@homeward/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/errors/domain-error';
import { formField, pageRequestOf, sendPage, type PageRequest } from './account-reply';
import type { AccountTexts } from './account-texts';
import {
  forgotPasswordPage,
  forgotPasswordSentPage,
  resetDonePage,
  resetLinkInvalidPage,
  resetPasswordPage,
} from './password-reset-pages';
import { INVALID_RESET_TOKEN, type PasswordResetService } from './password-reset.service';

export interface PasswordResetRoutesOptions {
  service: PasswordResetService;
  texts: AccountTexts;
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

const contextOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** "Forgot password?" and the page the e-mailed link opens. HTML pages, not /api routes. */
export const passwordResetRoutes: FastifyPluginAsync<PasswordResetRoutesOptions> = async (app, options) => {
  const { service, texts } = options;
  const resetUrl = (token: string) => `${ACCOUNT_PATHS.resetPassword}?token=${encodeURIComponent(token)}`;

  app.get(ACCOUNT_PATHS.forgotPassword, async (request, reply) => {
    const page = pageRequestOf(request, texts);
    return sendPage(request, reply, page, forgotPasswordPage(page.t, {}), {
      switchLanguageUrl: ACCOUNT_PATHS.forgotPassword,
    });
  });

  app.post(ACCOUNT_PATHS.forgotPassword, async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const email = formField(request.body, 'email').trim();
    const parsed = zForgotPasswordForm.safeParse({ email });
    if (!parsed.success) {
      const errors = translatedErrors(page, fieldErrorsOf(parsed.error));
      return sendPage(request, reply, page, forgotPasswordPage(page.t, { email, emailError: errors.email }), {
        switchLanguageUrl: ACCOUNT_PATHS.forgotPassword,
        status: 400,
      });
    }
    await service.requestPasswordReset(parsed.data.email, page.language, contextOf(request));
    return sendPage(request, reply, page, forgotPasswordSentPage(page.t, parsed.data.email), {
      switchLanguageUrl: ACCOUNT_PATHS.forgotPassword,
    });
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

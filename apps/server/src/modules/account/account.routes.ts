import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../platform/config/config';
import type { DatabaseHandle } from '../../platform/db/database';
import { createBrokerClient, findNationalLoginTenants, nationalLoginKeys } from '../national-login';
import { renderMessageBody, renderPage } from './account-layout';
import { accountAssetsRoutes } from './account-assets.routes';
import { pageRequestOf } from './account-reply';
import { loadAccountTexts } from './account-texts';
import { interactionClientOrigin } from './interaction-support';
import { interactionRoutes } from './interaction.routes';
import { nationalLoginInteractionRoutes } from './national-login-interaction.routes';
import { passwordResetRoutes } from './password-reset.routes';
import { createPasswordResetService } from './password-reset.service';
import { PendingTwoFactorSignIns } from './pending-two-factor';
import { phoneSignInRoutes } from './phone-sign-in.routes';
import { createPhoneSignInService } from './phone-sign-in.service';
import type { SignInService } from './sign-in.service';

export interface AccountRoutesOptions {
  provider: Provider;
  signIn: SignInService;
  config: Config;
  database: DatabaseHandle;
}

/**
 * The server-rendered account pages: the provider's sign-in interaction (password or phone code),
 * "forgot password" and the reset link's page, with their fonts. Form parsing and the HTML error page stay inside this plugin.
 */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, options) => {
  const texts = await loadAccountTexts();
  await app.register(formbody);

  // These are pages, so an unexpected failure answers with a page too, not the API's JSON error.
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'account page failed');
    const page = pageRequestOf(request, texts);
    const title = page.t('errors.title');
    const body = renderMessageBody({
      title,
      message: page.t('errors.generic'),
      link: { href: '/', label: page.t('interaction.home') },
    });
    return reply
      .status(status >= 400 && status < 600 ? status : 500)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPage({ ...page, title, body }));
  });

  await app.register(accountAssetsRoutes);
  await app.register(passwordResetRoutes, {
    service: createPasswordResetService({ db: options.database.db, links: options.config, texts }),
    texts,
    interactionClientOrigin: (uid) => interactionClientOrigin(options.provider, uid),
  });
  // One store for both ways in: a phone sign-in that owes the authenticator app continues there.
  // In the database, so any node can finish a sign-in another node began.
  const pending = new PendingTwoFactorSignIns(options.database.db);
  // The sign-in page offers national ID sign-in for every tenant that has a broker and the feature on.
  const nationalLogins = () => findNationalLoginTenants(options.database.db);
  await app.register(interactionRoutes, {
    provider: options.provider,
    signIn: options.signIn,
    texts,
    pending,
    nationalLogins,
  });
  await app.register(nationalLoginInteractionRoutes, {
    provider: options.provider,
    texts,
    db: options.database.db,
    keys: nationalLoginKeys(options.config.cprEncryptionKey),
    broker: createBrokerClient({ publicUrl: options.config.publicUrl }),
    nationalLogins,
  });
  await app.register(phoneSignInRoutes, {
    provider: options.provider,
    phoneSignIn: createPhoneSignInService({ db: options.database.db, texts }),
    signIn: options.signIn,
    texts,
    pending,
  });
};

import { NATIONAL_LOGIN_CALLBACK_PATH, type SecurityLogAction } from '@homeward/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { AdapterPayload } from 'oidc-provider';
import { z } from 'zod';
import { createOidcAdapter } from '../../platform/auth/oidc/oidc-adapter';
import type { Database } from '../../platform/db/database';
import {
  type BrokerClient,
  type BrokerRequest,
  type BrokerSettings,
  findBoundUser,
  findBroker,
  markLinked,
  type NationalLoginKeys,
} from '../national-login';
import { writeSecurityLog } from '../security-logs';
import { pageRequestOf, type PageRequest } from './account-reply';
import type { AccountTexts } from './account-texts';
import {
  finishInteraction,
  findInteraction,
  showExpiredInteraction,
  showInteractionPage,
  signInContextOf,
  type UidRequest,
} from './interaction-support';
import {
  interactionExpiredPage,
  interactionUrl,
  signInPage,
  type NationalLoginChoice,
} from './sign-in-pages';

export interface NationalLoginInteractionOptions {
  provider: Provider;
  texts: AccountTexts;
  /** The owner connection: no tenant is known before the broker has answered. */
  db: Database;
  keys: NationalLoginKeys;
  broker: BrokerClient;
  /** The tenants offering national ID sign-in now (the sign-in page's buttons). */
  nationalLogins(): Promise<NationalLoginChoice[]>;
}

/** A sign-in through a broker between leaving for it and finishing the interaction (10 minutes). */
interface PendingNationalLogin extends BrokerRequest {
  uid: string;
  tenantId: string;
  clientId: string | null;
  /** Set by the callback: the user who signed in, or why not. */
  result?: { outcome: 'succeeded'; userId: string } | { outcome: 'refused' | 'failed' };
}

const REQUEST_MODEL = 'NationalLoginRequest';
const REQUEST_TTL_SECONDS = 600;
const zTenantParams = z.object({ uid: z.string(), tenantId: z.uuid() });
const zCallbackQuery = z.object({ state: z.string().min(1).max(200) });

/**
 * Sign-in through a tenant's national-ID broker, as a step of the provider's login interaction:
 * 1. `/account/interaction/:uid/national-login/:tenantId` leaves for the broker (PKCE, state, nonce);
 * 2. the broker sends the browser to the fixed callback, which redeems its answer and finds the
 *    user bound to the identity (first sign-in: the account is linked);
 * 3. the callback hands over to `/account/interaction/:uid/national-login/complete`, under the
 *    interaction's own address, where the provider's interaction cookie is sent, and which
 *    finishes the interaction or shows the sign-in page with the reason.
 * Every outcome is written to the security log.
 */
export const nationalLoginInteractionRoutes: FastifyPluginAsync<NationalLoginInteractionOptions> = async (
  app,
  options,
) => {
  const { provider, texts, db, keys, broker } = options;
  const Store = createOidcAdapter(db);
  const pending = new Store(REQUEST_MODEL);

  async function brokerOf(tenantId: string): Promise<BrokerSettings | undefined> {
    if (!(await options.nationalLogins()).some((choice) => choice.tenantId === tenantId)) return undefined;
    const row = await findBroker(db, tenantId);
    if (!row) return undefined;
    return {
      issuer: row.issuer,
      clientId: row.clientId,
      clientSecret: keys.brokerSecret.decrypt(row.clientSecretEncrypted),
      identityClaim: row.identityClaim,
    };
  }

  async function showSignIn(
    request: UidRequest,
    reply: FastifyReply,
    page: PageRequest,
    error: string,
    status = 200,
  ) {
    const content = signInPage(page.t, {
      uid: request.params.uid,
      error,
      nationalLogins: await options.nationalLogins(),
    });
    return showInteractionPage(request, reply, page, content, status);
  }

  const log = (
    request: FastifyRequest,
    action: SecurityLogAction,
    entry: { tenantId: string; userId?: string; userName?: string; clientId: string | null },
  ) =>
    writeSecurityLog(db, {
      tenantId: entry.tenantId,
      action,
      userId: entry.userId ?? null,
      userName: entry.userName ?? null,
      clientId: entry.clientId,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });

  app.get<{ Params: { uid: string; tenantId: string } }>(
    '/account/interaction/:uid/national-login/:tenantId',
    async (request, reply) => {
      const page = pageRequestOf(request, texts);
      const details = await findInteraction(provider, request, reply);
      if (!details) return showExpiredInteraction(request, reply, page);
      if (details.prompt.name !== 'login') return reply.redirect(interactionUrl(details.uid), 303);
      const params = zTenantParams.safeParse(request.params);
      const settings = params.success ? await brokerOf(params.data.tenantId) : undefined;
      if (!params.success || !settings)
        return showSignIn(request, reply, page, page.t('signIn.nationalLoginUnavailable'), 404);
      try {
        const { url, request: brokerRequest } = await broker.start(settings);
        const entry: PendingNationalLogin = {
          ...brokerRequest,
          uid: details.uid,
          tenantId: params.data.tenantId,
          clientId: signInContextOf(request, details).clientId,
        };
        await pending.upsert(brokerRequest.state, entry as unknown as AdapterPayload, REQUEST_TTL_SECONDS);
        return reply.redirect(url, 303);
      } catch (error) {
        request.log.warn({ err: error, tenantId: params.data.tenantId }, 'national ID broker unreachable');
        return showSignIn(request, reply, page, page.t('signIn.nationalLoginFailed'), 502);
      }
    },
  );

  app.get(NATIONAL_LOGIN_CALLBACK_PATH, async (request, reply) => {
    const page = pageRequestOf(request, texts);
    const query = zCallbackQuery.safeParse(request.query);
    const entry = query.success
      ? ((await pending.find(query.data.state)) as PendingNationalLogin | undefined)
      : undefined;
    if (!entry || entry.result) {
      return showInteractionPage(
        request as UidRequest,
        reply,
        page,
        interactionExpiredPage(page.t),
        400,
        '/',
      );
    }
    let result: NonNullable<PendingNationalLogin['result']>;
    const settings = await brokerOf(entry.tenantId);
    try {
      if (!settings) throw new Error('the broker is no longer configured');
      const callbackUrl = new URL(request.url, broker.redirectUri);
      const identity = await broker.finish(settings, callbackUrl, entry);
      const user = identity
        ? await findBoundUser(db, entry.tenantId, keys.identity.hash(identity))
        : undefined;
      const lockedOut = user?.lockoutEnd ? user.lockoutEnd.getTime() > Date.now() : false;
      if (user && user.isActive && !lockedOut) {
        await markLinked(db, user.identityId, new Date());
        await log(request, 'NationalLoginSucceeded', {
          ...entry,
          userId: user.userId,
          userName: user.userName,
        });
        result = { outcome: 'succeeded', userId: user.userId };
      } else {
        await log(request, 'NationalLoginRefused', {
          ...entry,
          userId: user?.userId,
          userName: user?.userName,
        });
        result = { outcome: 'refused' };
      }
    } catch (error) {
      request.log.info({ err: error, tenantId: entry.tenantId }, 'national ID sign-in failed at the broker');
      await log(request, 'NationalLoginFailed', entry);
      result = { outcome: 'failed' };
    }
    await pending.upsert(
      query.data!.state,
      { ...entry, result } as unknown as AdapterPayload,
      REQUEST_TTL_SECONDS,
    );
    const complete = `${interactionUrl(entry.uid, 'national-login/complete')}?state=${encodeURIComponent(query.data!.state)}`;
    return reply.redirect(complete, 303);
  });

  app.get<{ Params: { uid: string } }>(
    '/account/interaction/:uid/national-login/complete',
    async (request, reply) => {
      const page = pageRequestOf(request, texts);
      const details = await findInteraction(provider, request, reply);
      if (!details) return showExpiredInteraction(request, reply, page);
      const query = zCallbackQuery.safeParse(request.query);
      const entry = query.success
        ? ((await pending.find(query.data.state)) as PendingNationalLogin | undefined)
        : undefined;
      if (!entry?.result || entry.uid !== details.uid) return showExpiredInteraction(request, reply, page);
      await pending.destroy(query.data!.state);
      if (entry.result.outcome === 'succeeded') {
        // The national eID is a strong sign-in of its own (multi-factor at the broker).
        return finishInteraction(provider, request, reply, page, {
          login: { accountId: entry.result.userId, amr: ['mfa'] },
        });
      }
      const key =
        entry.result.outcome === 'refused' ? 'signIn.nationalIdentityUnknown' : 'signIn.nationalLoginFailed';
      return showSignIn(request, reply, page, page.t(key), entry.result.outcome === 'refused' ? 403 : 502);
    },
  );
};

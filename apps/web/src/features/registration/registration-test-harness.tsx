import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
// The plain RouterProvider: under Node, `react-router/dom` loads a second copy of the router context.
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import registration from '@homeward/i18n/locales/en/registration.json';
import auth from '@homeward/i18n/locales/en/auth.json';
import translation from '@homeward/i18n/locales/en/translation.json';
import { AnonymousSignInProvider } from '../../app/auth/anonymous-sign-in-provider';
import { TEST_SIGN_IN } from '../../app/auth/test-sign-in';
import { appConfigurationQueryOptions } from '../../app/configuration/get-app-configuration';
import { NotificationProvider } from '../../app/notifications/notification-provider';
import { testAppConfiguration } from '../../test/app-configuration-fixture';
import { RegistrationPage } from './registration-page';

export interface StubbedCall {
  url: string;
  method: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown };

/**
 * Replaces `fetch` with answers chosen by `METHOD path` (without the query string); records every
 * call. An unexpected call fails loudly.
 */
export function stubApi(replies: Record<string, Reply | ((call: StubbedCall) => Reply)>) {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const call = { url, method, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const reply = replies[`${method} ${url.split('?')[0]}`];
      if (!reply) throw new Error(`unexpected ${method} ${url}`);
      const { status, body } = typeof reply === 'function' ? reply(call) : reply;
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const loadNoClient = () => Promise.reject(new Error('the registration tests never sign in'));

/** The screen at a path, with English texts in memory, the shared configuration and toasts. */
export async function renderRegistration(path = '/registration') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['translation', 'registration', 'auth'],
    resources: { en: { translation, registration, auth } },
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(appConfigurationQueryOptions.queryKey, testAppConfiguration());
  const router = createMemoryRouter(
    [
      { path: '/registration', element: <RegistrationPage mode="registration" /> },
      { path: '/login', element: <RegistrationPage mode="login" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <NotificationProvider>
          {/* The sign-in panel's popup and silent buttons; nothing here signs in. */}
          <AnonymousSignInProvider signIn={TEST_SIGN_IN} loadClient={loadNoClient}>
            <RouterProvider router={router} />
          </AnonymousSignInProvider>
        </NotificationProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

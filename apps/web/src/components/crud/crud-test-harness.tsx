import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import { appConfigurationQueryOptions } from '../../app/configuration/get-app-configuration';
import { i18nOptions } from '../../app/i18n/i18n';
import { NotificationProvider } from '../../app/notifications/notification-provider';
import { createAppTheme } from '../../app/theme/app-theme';
import { testAppConfiguration } from '../../test/app-configuration-fixture';

/*
 * Test-only: renders a screen with what the app shell provides (query client with a signed-in
 * configuration, the real English and Danish texts, theme, toasts), and records API calls.
 */

const files = import.meta.glob<Resource>('../../../../../packages/i18n/locales/{en,da}/*.json', {
  eager: true,
  import: 'default',
});
const resources: Resource = {};
for (const [file, resource] of Object.entries(files)) {
  const [lng, ns] = file.split('/').slice(-2) as [string, string];
  ((resources[lng] ??= {}) as Record<string, unknown>)[ns.replace(/\.json$/, '')] = resource;
}

export async function createTestI18n(language = 'en') {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    ...i18nOptions,
    backend: undefined,
    detection: undefined,
    partialBundledLanguages: false,
    resources,
    lng: language,
  });
  return instance;
}

/** A recorded API call: method, path with query, parsed JSON body. */
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Responder = (call: RecordedCall) => Response | Promise<Response> | undefined;

/** Stubs `fetch`: each call is recorded and answered by the first responder that answers. */
export function stubApi(...responders: Responder[]) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: RecordedCall = {
        method: init.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      for (const responder of responders) {
        const response = responder(call);
        if (response) return response;
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return calls;
}

/** A field error as the server reports it: the field, an i18n key and the key's values. */
interface FieldError {
  field: string;
  message: string;
  params?: Record<string, unknown>;
}

/** A responder that refuses every `method` call as the server refuses a form: 400 `validation_failed` with these field errors. */
export function refuseWith(method: string, ...validationErrors: FieldError[]): Responder {
  return (call) =>
    call.method === method
      ? Response.json(
          { error: { code: 'validation_failed', message: 'Validation failed', validationErrors } },
          { status: 400 },
        )
      : undefined;
}

/** A responder that refuses every PUT as the server refuses a form (see `refuseWith`). */
export function refusePutWith(...validationErrors: FieldError[]): Responder {
  return refuseWith('PUT', ...validationErrors);
}

/** Renders `ui` for a user holding `permissions`, in `language` (a household's user with `isPlugAndPlay`). */
export async function renderWithApp(
  ui: ReactNode,
  { permissions = [] as string[], language = 'en', isPlugAndPlay = false } = {},
) {
  const i18n = await createTestI18n(language);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(appConfigurationQueryOptions.queryKey, {
    ...testAppConfiguration(),
    grantedPolicies: Object.fromEntries(permissions.map((name) => [name, true])),
    isPlugAndPlay,
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={createAppTheme('light')}>
          <NotificationProvider>{ui}</NotificationProvider>
        </ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, i18n, queryClient };
}

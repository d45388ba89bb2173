import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { preloadNotificationToast } from '../app/notifications/notification-provider';

/*
 * How long `findBy…` and `waitFor` keep looking before they give up. Testing Library's default
 * (1 s) is shorter than a busy 2-core CI machine sometimes needs to run a React update with its
 * queries; a ceiling is not a timing assertion, and a passing wait returns as soon as it matches.
 */
configure({ asyncUtilTimeout: 5000 });

/*
 * The notification toast is its own chunk, fetched with the first message in the app (see
 * app/notifications/notification-provider.tsx). Screens' tests expect a toast in the same update
 * as the message, as it was when the toast was part of the first bundle, so it is fetched up front
 * here; app/notifications/notification-toast-loading.test.tsx covers the fetch itself.
 */
beforeAll(async () => {
  await preloadNotificationToast();
});

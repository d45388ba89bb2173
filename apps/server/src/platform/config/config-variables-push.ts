import type { ConfigVariable } from './config-variables';

/** The variables of Web Push (alarms on the phone, modules/push); part of CONFIG_VARIABLES. */
export const PUSH_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'VAPID_PUBLIC_KEY',
    default: '— (a key pair made once and kept in the database)',
    description:
      'Web Push VAPID public key (base64url, as `npx web-push generate-vapid-keys` prints it); set together with `VAPID_PRIVATE_KEY`. Unset: the first start makes a pair and stores it, so every node uses the same one. Changing it invalidates every device’s subscription.',
  },
  {
    name: 'VAPID_PRIVATE_KEY',
    default: '—',
    description: 'Web Push VAPID private key (base64url) matching `VAPID_PUBLIC_KEY`. Never logged.',
  },
  {
    name: 'VAPID_SUBJECT',
    default: 'mailto:$SUPPORT_EMAIL',
    description:
      'Contact the push services (Google, Mozilla, Apple) may use about this server’s pushes: a `mailto:` address or an `https:` URL.',
  },
  {
    name: 'PUSH_INSECURE_ENDPOINT_HOSTS',
    default: '— (none)',
    description:
      'Comma-separated host names (or IP addresses) whose push endpoints may be plain `http://` or private addresses, for tests and local push receivers. Unset: endpoints must be `https://` on public addresses.',
  },
];

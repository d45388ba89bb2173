/** Business constants from the specification (§9). One place, imported by server and web. */

/** The all-zero uuid means "All tenants" in a tenant filter. It is never stored. */
export const ALL_TENANTS_ID = '00000000-0000-0000-0000-000000000000';

export const SUPPORTED_LANGUAGES = ['en', 'da', 'sv', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Languages whose resource files are complete; the switcher offers these. */
export const SELECTABLE_LANGUAGES = ['en', 'da'] as const satisfies readonly Language[];

/** Keys persisted in the browser's local storage (spec §3 "Global client state"). */
export const STORAGE_KEYS = {
  language: 'language',
  tenantFilter: 'tenantFilter',
  theme: 'theme',
} as const;

export const THEME_MODES = ['device', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** Notifications (spec §4, §9). */
export const NOTIFICATION_DEFAULT_DURATION_MS = 6000;
export const NOTIFICATION_TYPES = ['success', 'info', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Client fetch behaviour (spec §7): statuses never retried, attempts in total, delay between them. */
export const QUERY_NO_RETRY_STATUSES = [403, 404, 500, 503] as const;
export const QUERY_MAX_ATTEMPTS = 3;
export const QUERY_RETRY_DELAY_MS = 10_000;

/** Translation loading (spec §9). */
export const TRANSLATION_LOADING = {
  defaultNamespace: 'translation',
  keySeparator: '.',
  nsSeparator: ':',
  maxParallelReads: 10,
  maxRetries: 5,
  retryTimeoutMs: 350,
  queryParameter: 'lng',
  interpolationPrefix: '{',
  interpolationSuffix: '}',
} as const;

/** Date picker range (spec §9), ISO dates. */
export const DATE_PICKER_MIN = '1900-01-01';
export const DATE_PICKER_MAX = '2099-12-31';

/** Role names that make a user a plug-and-play user (spec §6). */
export const PLUG_AND_PLAY_ROLES = ['Plug and Play Admin', 'Plug and Play User'] as const;

/** Limits (spec §9). */
export const COMMAND_TEMPLATES_MAX_PER_REQUEST = 100;
export const ORGANIZATION_MONITORED_OBJECTS_MAX = 1000;
/** Most monitored objects (citizens) of an organization one request returns (spec §9). */
export const MONITORED_OBJECTS_MAX = ORGANIZATION_MONITORED_OBJECTS_MAX;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 100;
export const EAN_LENGTH = 13;
/** Most rows one list export (xlsx) holds; narrow the filter for more. */
export const EXPORT_MAX_ROWS = 50_000;

/** Sign-in (spec §4, §9, DESIGN §5). The scope every first-party client asks for. */
export const OIDC_SCOPE = 'openid profile email phone offline_access homeward';
/** The two deployments; each has its own public client, chosen by the SPA from its origin. */
export const SIGN_IN_CLIENT_KINDS = ['branded', 'plug-and-play'] as const;
export type SignInClientKind = (typeof SIGN_IN_CLIENT_KINDS)[number];
/** Registered redirect paths on every client origin: the sign-in callback and the silent-renew page. */
export const SIGN_IN_CALLBACK_PATH = '/';
export const SILENT_RENEW_PATH = '/silent-renew.html';
/**
 * Where popup and silent sign-in and sign-out come back (popup_redirect_uri,
 * popup_post_logout_redirect_uri, silent_redirect_uri): the silent-renew page, which hands the
 * provider's answer to the window that opened it (popup) or holds it (iframe), without loading the app.
 */
export const SIGN_IN_WINDOW_CALLBACK_PATH = SILENT_RENEW_PATH;

/**
 * The tenant filter of a host user (spec §6), sent with every API call in this header: the all-zero
 * uuid for All tenants, `host` for the host (null tenant), or one tenant's id. Absent means the
 * caller's own scope. A tenant user's scope is always their own tenant, whatever they send.
 */
export const TENANT_FILTER_HEADER = 'x-tenant-filter';
export const HOST_TENANT_FILTER = 'host';

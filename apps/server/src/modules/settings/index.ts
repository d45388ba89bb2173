/**
 * The public entry of modules/settings: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { isSelfRegistrationEnabled } from './account-settings';
export { loadClientVisibleSettings } from './client-settings';
export { globalSettingValue, readGlobalSetting } from './global-settings.repository';
export { getIdentitySettings } from './identity-settings';
export { resolveSettings } from './setting-resolver';

import { createHash } from 'node:crypto';
import {
  ALL_PERMISSIONS,
  DEFAULT_LANGUAGE,
  OIDC_SCOPE,
  SELECTABLE_LANGUAGES,
  SUPPORTED_LANGUAGES,
  type AppConfiguration,
  type ClientSettings,
  type Language,
  type LanguageInfo,
} from '@homeward/contracts';
import type { Config } from '../../platform/config/config';
import type { UserAuthorization } from '../../platform/permissions/user-authorization';
import { preferredLanguage } from '../../platform/i18n/request-language';

const DISPLAY_NAMES: Record<Language, string> = { en: 'English', da: 'Dansk', sv: 'Svenska', de: 'Deutsch' };

/** Languages as the switcher shows them: complete ones enabled, partial ones listed but disabled. */
export function listLanguages(): LanguageInfo[] {
  return SUPPORTED_LANGUAGES.map((language) => ({
    cultureName: language,
    uiCultureName: language,
    displayName: DISPLAY_NAMES[language],
    isEnabled: (SELECTABLE_LANGUAGES as readonly Language[]).includes(language),
    isDefault: language === DEFAULT_LANGUAGE,
  }));
}

/** The settings every client may see; secrets such as SMTP or payment keys never appear here. */
export function clientSettingsOf(config: Config): ClientSettings {
  return {
    themeSwitchingEnabled: config.themeSwitchingEnabled,
    privacyPolicyUrls: config.privacyPolicyUrls,
    ...(config.termsUrl ? { termsUrl: config.termsUrl } : {}),
    ...(config.forumUrl ? { forumUrl: config.forumUrl } : {}),
    mapTileUrl: config.mapTileUrl,
    supportEmail: config.supportEmail,
    supportPhone: config.supportPhone,
    companyName: config.companyName,
    companyAddress: config.companyAddress,
    companyCvr: config.companyCvr,
    signIn: {
      // The provider is mounted at /connect on this same origin (DESIGN §5).
      authority: `${config.publicUrl}/connect`,
      scope: OIDC_SCOPE,
      clients: config.signInClients,
    },
  };
}

/** The parts of the configuration that live in the database (features, settings, languages). */
export interface ConfigurationSources {
  features: Record<string, string | number | boolean>;
  /** Settings marked visible to clients, resolved for the caller. */
  visibleSettings: Record<string, string>;
  languages: LanguageInfo[];
}

export interface ConfigurationRequest {
  /** The `lng` query parameter, which wins over the header. */
  lng?: string;
  acceptLanguage?: string;
  /** The signed-in caller; null or absent for an anonymous visitor. */
  auth?: UserAuthorization | null;
}

/**
 * What the SPA loads before it renders: the caller (from the request's one batched authorization
 * query, cached per user), their grants and the client settings. `version` changes whenever the
 * content does, including a change of the user's roles or grants, so the SPA can tell it needs a
 * refresh.
 */
export function getAppConfiguration(
  config: Config,
  appVersion: string,
  request: ConfigurationRequest,
  sources: ConfigurationSources = { features: {}, visibleSettings: {}, languages: listLanguages() },
): AppConfiguration {
  const enabled = SELECTABLE_LANGUAGES as readonly Language[];
  const requested = request.lng?.toLowerCase().split('-')[0];
  const culture =
    enabled.find((language) => language === requested) ?? preferredLanguage(request.acceptLanguage);
  const auth = request.auth ?? null;
  const grantedPolicies = Object.fromEntries(
    [...(auth?.permissions ?? [])].sort().map((name) => [name, true]),
  );
  const body: Omit<AppConfiguration, 'version'> = {
    currentUser: auth
      ? {
          id: auth.userId,
          userName: auth.userName,
          name: auth.name,
          email: auth.email,
          roles: auth.roles,
          tenantId: auth.tenantId,
        }
      : null,
    currentTenant: { id: auth?.tenantId ?? null, name: auth?.tenantName ?? null },
    grantedPolicies,
    // Every permission the caller may be checked against, granted or not (ABP's `policies` map).
    policies: Object.fromEntries(ALL_PERMISSIONS.map((name) => [name, auth?.permissions.has(name) ?? false])),
    features: sources.features,
    settings: clientSettingsOf(config),
    languages: sources.languages,
    currentCulture: { cultureName: culture, displayName: DISPLAY_NAMES[culture] },
    extraProperties: Object.keys(sources.visibleSettings).length ? { settings: sources.visibleSettings } : {},
    isPlugAndPlay: auth?.isPlugAndPlay ?? false,
  };
  const digest = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12);
  return { ...body, version: `${appVersion}+${digest}` };
}

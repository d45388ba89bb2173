import { createHash } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  SELECTABLE_LANGUAGES,
  SUPPORTED_LANGUAGES,
  type AppConfiguration,
  type ClientSettings,
  type Language,
  type LanguageInfo,
} from '@homeward/contracts';
import type { Config } from '../../platform/config/config';
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
  };
}

export interface ConfigurationRequest {
  /** The `lng` query parameter, which wins over the header. */
  lng?: string;
  acceptLanguage?: string;
}

/**
 * What the SPA loads before it renders. Anonymous for now: the sign-in issue fills the user, tenant
 * and grants. `version` changes whenever the content does, so the SPA can tell it needs a refresh.
 */
export function getAppConfiguration(
  config: Config,
  appVersion: string,
  request: ConfigurationRequest,
): AppConfiguration {
  const enabled = SELECTABLE_LANGUAGES as readonly Language[];
  const requested = request.lng?.toLowerCase().split('-')[0];
  const culture =
    enabled.find((language) => language === requested) ?? preferredLanguage(request.acceptLanguage);
  const body: Omit<AppConfiguration, 'version'> = {
    currentUser: null,
    currentTenant: { id: null, name: null },
    grantedPolicies: {},
    policies: {},
    features: {},
    settings: clientSettingsOf(config),
    languages: listLanguages(),
    currentCulture: { cultureName: culture, displayName: DISPLAY_NAMES[culture] },
    extraProperties: {},
    isPlugAndPlay: false,
  };
  const digest = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12);
  return { ...body, version: `${appVersion}+${digest}` };
}

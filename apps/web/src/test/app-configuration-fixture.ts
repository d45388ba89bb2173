import type { AppConfiguration } from '@homeward/contracts';

/** An anonymous visitor's configuration as the server sends it, with example links; tests override settings. */
export function testAppConfiguration(settings: Partial<AppConfiguration['settings']> = {}): AppConfiguration {
  return {
    currentUser: null,
    currentTenant: { id: null, name: null },
    grantedPolicies: {},
    policies: {},
    features: {},
    settings: {
      themeSwitchingEnabled: true,
      privacyPolicyUrls: {
        en: 'https://example.com/en',
        sv: 'https://example.no/personvern',
        'da-DK': 'https://example.com/da',
        'de-DE': 'https://example.com/de',
        default: 'https://example.com/da',
      },
      mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
      supportEmail: 'support@example.com',
      supportPhone: '+45 70 70 70 70',
      companyName: 'Homeward ApS',
      companyAddress: 'Eksempelvej 1, 8000 Aarhus C',
      companyCvr: '12345678',
      signIn: {
        authority: 'http://localhost:3000/connect',
        scope: 'openid profile email phone offline_access homeward',
        clients: [
          { kind: 'branded', clientId: 'branded', origins: ['http://localhost:3000'] },
          { kind: 'plug-and-play', clientId: 'plug-and-play', origins: ['http://127.0.0.1:3000'] },
        ],
      },
      ...settings,
    },
    languages: [],
    currentCulture: { cultureName: 'en', displayName: 'English' },
    extraProperties: {},
    isPlugAndPlay: false,
    version: 'test',
  };
}

import type { ConfigVariable } from './config-variables';

/**
 * The variables of the site's own texts and links (privacy policy, terms, forum, support, and the
 * company on invoices and in the imprint), in the README table's order; part of CONFIG_VARIABLES.
 */
export const SITE_TEXT_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'PRIVACY_POLICY_URL_EN',
    default: 'https://homeward.example/en/privacy-policy',
    description: 'Privacy policy link for English.',
  },
  {
    name: 'PRIVACY_POLICY_URL_SV',
    default: 'https://homeward.example/no/personvern',
    description: 'Privacy policy link for Swedish (points to the Norwegian page, as the specification says).',
  },
  {
    name: 'PRIVACY_POLICY_URL_DA',
    default: 'https://homeward.example/da/privatlivspolitik',
    description: 'Privacy policy link for Danish (da-DK).',
  },
  {
    name: 'PRIVACY_POLICY_URL_DE',
    default: 'https://homeward.example/de/datenschutz',
    description: 'Privacy policy link for German (de-DE).',
  },
  {
    name: 'PRIVACY_POLICY_URL_DEFAULT',
    default: 'https://homeward.example/da/privatlivspolitik',
    description: 'Privacy policy link for any other language (the Danish one).',
  },
  {
    name: 'TERMS_URL',
    default: '—',
    description: 'External terms of service link; unset shows the built-in terms page.',
  },
  {
    name: 'FORUM_URL',
    default: '—',
    description: 'Community forum link in the navigation; unset hides the entry.',
  },
  {
    name: 'SUPPORT_EMAIL',
    default: 'support@homeward.example',
    description: 'Support e-mail on the contact page.',
  },
  {
    name: 'SUPPORT_PHONE',
    default: '+45 70 70 70 70',
    description: 'Support phone number on the contact page.',
  },
  {
    name: 'COMPANY_NAME',
    default: 'Homeward ApS',
    description: 'Company name on the imprint and contact pages.',
  },
  {
    name: 'COMPANY_ADDRESS',
    default: 'Eksempelvej 1, 8000 Aarhus C, Denmark',
    description: 'Company address on the imprint and contact pages.',
  },
  {
    name: 'COMPANY_CVR',
    default: '12345678',
    description: 'Company registration number (CVR) on the imprint.',
  },
];

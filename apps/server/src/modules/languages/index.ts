/**
 * The public entry of modules/languages: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { listConfiguredLanguages } from './language-list';
export { findOverrides, overrideVersion } from './language-texts.repository';
export { findLanguageByCulture } from './languages.repository';

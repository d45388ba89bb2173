/**
 * The public entry of modules/profile: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { inUserScope } from './profile-scope';
export { endOtherSignIns, findProfile } from './profile.repository';
export { profileContextOf } from './profile.routes';
export type { ProfileContext } from './profile.service';

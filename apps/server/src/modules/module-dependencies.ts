import type { Logger } from 'pino';
import type { Config } from '../platform/config/config';
import type { DatabaseHandle } from '../platform/db/database';
import type { UserAuthorizationCache } from '../platform/permissions/user-authorization';

/** What feature route plugins receive from `buildApp`; a service takes only the parts it uses. */
export interface ModuleDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Invalidate after changing roles, grants or memberships, so the next request sees them. */
  authorizations: UserAuthorizationCache;
  logger?: Logger;
}

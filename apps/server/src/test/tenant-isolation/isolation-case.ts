import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../build-test-app';
import type { given } from '../given';

/** A request a case makes: method, url and an optional JSON payload. */
export interface IsolationRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: InjectOptions['payload'];
}

/** A signed-in administrator of one tenant, with every permission the cases ask for. */
export interface IsolationCaller {
  tenantId: string;
  userId: string;
  /** Sends a request with this caller's bearer token. */
  request(request: IsolationRequest): Promise<LightMyRequestResponse>;
}

/** What a case's seed made in tenant A: the row the other operations aim at. */
export interface SeededRow {
  id: string;
  /** A text that search and export must find for A and never for B (a unique name, an IMEI). */
  searchText: string;
}

/**
 * One tenant-owned endpoint family in the tenant-isolation suite
 * (`integration/tenancy/tenant-isolation.test.ts`). Each module that adds tenant-owned data adds one
 * case to `isolation-cases.ts`. The suite seeds the row as tenant A, checks that A itself can list,
 * read, search and export it (so a wrong URL cannot pass vacuously), then does every operation as
 * tenant B: lists and searches must not contain the row, read, update and delete must answer 404,
 * exports must not contain the search text, and A's rows must be byte-for-byte unchanged.
 */
export interface IsolationCase {
  /** Shown in test names, e.g. `devices`. */
  name: string;
  /** Tables whose tenant-A rows must be unchanged after B's attempts (they must have `tenant_id`). */
  tables: string[];
  /** Permissions both tenants' administrators get. */
  permissions: string[];
  /** Makes one row in tenant A, usually through the API as A's administrator. */
  seed(context: { t: TestApp; a: IsolationCaller; given: ReturnType<typeof given> }): Promise<SeededRow>;
  /** GET of the paged list (without filter); its JSON body must not mention the row for B. */
  list?: string;
  /** GET of one row by id. */
  read?(id: string): string;
  /** A valid update of the row, as A could make it. */
  update?(row: SeededRow): IsolationRequest;
  /** Deleting the row. */
  remove?(id: string): IsolationRequest;
  /** GET of the list searched for a text. */
  search?(text: string): string;
  /** GET of the export (xlsx or csv) searched for a text. */
  export?(text: string): string;
}

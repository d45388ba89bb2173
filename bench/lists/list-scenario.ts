/**
 * What a list scenario gets: the server under test and the access token its requests are timed
 * with (Demo Kommune's admin, or the host's admin for a scenario with `asHost`).
 */
export interface ScenarioContext {
  baseUrl: string;
  token: string;
}

/** One list endpoint family measured by `bench:lists`: its data, then the requests to time. */
export interface ListScenario {
  name: string;
  /** Signs in as the host's `admin` instead of Demo Kommune's (host-only lists: tenants). */
  asHost?: boolean;
  /**
   * SQL statements run one at a time as the database owner between a first server start
   * (migrations, demo data) and the measured start, for data too large to make through the API
   * (100,000 households). One at a time, so that VACUUM may be among them.
   */
  bulkSeedSql?: string[];
  /** Makes the scenario's rows (runs once per fresh server). */
  seed(ctx: ScenarioContext): Promise<void>;
  /** The GETs to measure, each with a label for the report. */
  requests(ctx: ScenarioContext): Promise<{ label: string; path: string }[]>;
}

/**
 * POSTs every body to `path` with `concurrency` requests in flight; throws on the first refusal.
 * Seeding through the API keeps the rows exactly as users make them (validation, row-level
 * security, audit triggers) at the cost of a slower seed than a bulk insert.
 */
export async function postMany(
  ctx: ScenarioContext,
  path: string,
  bodies: readonly object[],
  concurrency = 16,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const response = await fetch(`${ctx.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status >= 300)
        throw new Error(`seed ${path}: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** GET as the scenario's user, for requests that depend on the data (the last page's offset). */
export async function getJson<T>(ctx: ScenarioContext, path: string): Promise<T> {
  const response = await fetch(`${ctx.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${ctx.token}` },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

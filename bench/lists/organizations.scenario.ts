/**
 * Bench scenario for `GET /api/organizations` (run by `bench/lists.bench.ts`): 2,000 organizations
 * in a tree (20 areas with 99 teams each) in the caller's tenant, then page 1, the last page and a
 * search of the paged list. The list sorts by name on `organization_units_tenant_name_idx`
 * (tenant_id, display_name).
 */

interface ScenarioContext {
  baseUrl: string;
  token: string;
}

const AREAS = 20;
const TEAMS_PER_AREA = 99;
const PAGE_SIZE = 25;
/** POSTs in flight at once; creates serialise on the tenant's tree lock, this hides the latency. */
const CONCURRENCY = 16;
const AREA_PREFIX = 'Bench område';

async function api<T>(ctx: ScenarioContext, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${ctx.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${ctx.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Runs `work` over `items`, at most CONCURRENCY at a time. */
async function inParallel<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

const create = (ctx: ScenarioContext, displayName: string, parentId: string | null) =>
  api<{ id: string }>(ctx, '/api/organizations', { displayName, parentId });

async function totalCount(ctx: ScenarioContext, query = ''): Promise<number> {
  return (await api<{ totalCount: number }>(ctx, `/api/organizations?maxResultCount=1${query}`)).totalCount;
}

export const organizationsScenario = {
  name: 'organizations',

  /** Seeds the tree once; a second call finds the areas and adds nothing. */
  async seed(ctx: ScenarioContext): Promise<void> {
    if ((await totalCount(ctx, `&filter=${encodeURIComponent(AREA_PREFIX)}`)) > 0) return;
    const areas = await inParallel(
      Array.from({ length: AREAS }, (_, a) => a + 1),
      (a) => create(ctx, `${AREA_PREFIX} ${String(a).padStart(2, '0')}`, null),
    );
    const teams = areas.flatMap((area, a) =>
      Array.from({ length: TEAMS_PER_AREA }, (_, t) => ({
        parentId: area.id,
        name: `Bench team ${a + 1}-${String(t + 1).padStart(2, '0')}`,
      })),
    );
    await inParallel(teams, (team) => create(ctx, team.name, team.parentId));
  },

  async requests(ctx: ScenarioContext): Promise<{ label: string; path: string }[]> {
    const total = await totalCount(ctx);
    const lastSkip = Math.max(0, Math.floor((total - 1) / PAGE_SIZE) * PAGE_SIZE);
    return [
      { label: 'organizations page 1', path: `/api/organizations?maxResultCount=${PAGE_SIZE}` },
      {
        label: 'organizations last page',
        path: `/api/organizations?maxResultCount=${PAGE_SIZE}&skipCount=${lastSkip}`,
      },
      {
        label: 'organizations search',
        path: `/api/organizations?maxResultCount=${PAGE_SIZE}&filter=${encodeURIComponent('team 17-')}`,
      },
    ];
  },
};

export default organizationsScenario;

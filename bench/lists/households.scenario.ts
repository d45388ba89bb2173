import { getJson, type ListScenario } from './list-scenario';

const HOUSEHOLDS = Number(process.env.BENCH_HOUSEHOLDS ?? 100_000);
const PAGE = 25;

/**
 * The host's tenants screen with 100,000 households (DESIGN §9: a tenant per household): each a
 * tenant of kind household with its owner, bulk-inserted with SQL (registering 100,000 people
 * through the API would hash 100,000 passwords). Timed as the host's admin: the first and last page
 * by name, the households-only filter, and the search by an owner's e-mail.
 */
export const householdsScenario: ListScenario = {
  name: 'households',
  asHost: true,
  bulkSeedSql: [
    // Owners first as host users, then their households, then the owners moved in: the two tables
    // point at each other.
    `insert into users (id, tenant_id, user_name, normalized_user_name, email, normalized_email,
                        email_confirmed, name, security_stamp)
       select gen_random_uuid(), null, 'bench.owner' || n, upper('bench.owner' || n),
              'bench.owner' || n || '@example.dk', upper('bench.owner' || n || '@example.dk'),
              true, 'Owner ' || n, md5(n)
       from (select lpad(g::text, 6, '0') as n from generate_series(1, ${HOUSEHOLDS}) g) numbers`,
    `insert into tenants (id, name, kind, owner_user_id, created_at, updated_at)
       select gen_random_uuid(), 'Bench household ' || substring(u.user_name from 12), 'household', u.id,
              now() - substring(u.user_name from 12)::int * interval '1 minute', now()
       from users u where u.user_name like 'bench.owner%'`,
    `update users u set tenant_id = t.id from tenants t where t.owner_user_id = u.id
       and u.user_name like 'bench.owner%'`,
    'vacuum analyze tenants',
    'vacuum analyze users',
  ],
  async seed() {},
  async requests(ctx) {
    const first = await getJson<{ totalCount: number }>(ctx, '/api/tenants?maxResultCount=1');
    const lastPage = Math.max(0, Math.floor((first.totalCount - 1) / PAGE) * PAGE);
    const list = `/api/tenants?maxResultCount=${PAGE}&sorting=name%20asc`;
    const owner = encodeURIComponent(`bench.owner${String(Math.floor(HOUSEHOLDS / 2)).padStart(6, '0')}@`);
    return [
      { label: `tenants page 1 of ${first.totalCount}`, path: `${list}&skipCount=0` },
      { label: 'tenants last page', path: `${list}&skipCount=${lastPage}` },
      { label: 'households only, page 1', path: `${list}&kind=household&skipCount=0` },
      { label: 'organizations only, page 1', path: `${list}&kind=organization&skipCount=0` },
      { label: 'search by owner e-mail', path: `${list}&skipCount=0&filter=${owner}` },
      { label: 'search by a word of the name', path: `${list}&skipCount=0&filter=049999` },
    ];
  },
};

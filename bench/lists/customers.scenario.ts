import { getJson, postMany, type ListScenario } from './list-scenario';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const PAGE = 25;
const CITIES = ['Aarhus', 'Odense', 'Aalborg', 'Esbjerg', 'Randers', 'Kolding', 'Horsens', 'Vejle'];

/**
 * 10,000 customers of Demo Kommune (seeded through POST /api/customers, 16 at a time), listed by
 * name: the first page, the last page (the deepest OFFSET) and a search by part of the name.
 */
export const customersScenario: ListScenario = {
  name: 'customers',
  async seed(ctx) {
    const bodies = Array.from({ length: CUSTOMERS }, (_, index) => ({
      name: `Kunde ${String(index).padStart(5, '0')} ${CITIES[index % CITIES.length]} Hjemmepleje`,
      city: CITIES[index % CITIES.length],
      cvr: String(10_000_000 + index),
      ean: String(5_798_000_000_000 + index),
    }));
    await postMany(ctx, '/api/customers', bodies);
  },
  async requests(ctx) {
    const first = await getJson<{ totalCount: number; items: { id: string }[] }>(
      ctx,
      '/api/customers?maxResultCount=1',
    );
    const totalCount = first.totalCount;
    const lastPage = Math.max(0, Math.floor((totalCount - 1) / PAGE) * PAGE);
    const list = `/api/customers?maxResultCount=${PAGE}&sorting=name%20asc`;
    return [
      // The cost of any request (auth, transaction, audit) without a list, to read the others against.
      { label: 'baseline: one customer by id', path: `/api/customers/${first.items[0]!.id}` },
      { label: `page 1 of ${totalCount}`, path: `${list}&skipCount=0` },
      { label: 'last page', path: `${list}&skipCount=${lastPage}` },
      { label: 'search "04217"', path: `${list}&skipCount=0&filter=04217` },
      { label: 'search "odense" (1 in 8)', path: `${list}&skipCount=0&filter=odense` },
    ];
  },
};

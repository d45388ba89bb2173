import type { Database } from '../platform/db/database';
import { devices } from '../modules/devices/devices.schema';
import { organizationUnits } from '../modules/organization-units/organization-units.schema';

/**
 * Demo Kommune's organizations (a small care tree) with a few watches each, so the organizations
 * screen shows device counts and a refused delete straight after `npm start`.
 */
interface DemoOrganization {
  name: string;
  /** Watches registered to the organization (names only; IMEIs are made up but valid). */
  watches: string[];
  children?: DemoOrganization[];
}

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    name: 'Hjemmeplejen Syd',
    watches: [],
    children: [
      { name: 'Team Strandvejen', watches: ['Inges ur', 'Pouls ur'] },
      { name: 'Team Bakkehuset', watches: ['Ellens ur'] },
    ],
  },
  { name: 'Plejecenter Solgården', watches: ['Solgården 1', 'Solgården 2', 'Solgården 3'] },
];

/** A 15-digit IMEI for demo watch number `n`, with its Luhn check digit (GSMA TS.06). */
export function demoImei(n: number): string {
  const body = `35${String(n).padStart(12, '0')}`;
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Inserts the demo organizations (codes `00001`, `00001.00001`, ...) and their watches. */
export async function seedDemoOrganizations(tx: Database, tenantId: string): Promise<void> {
  let watchNumber = 0;
  const insert = async (items: DemoOrganization[], parent: { id: string; code: string } | null) => {
    for (const [index, item] of items.entries()) {
      const segment = String(index + 1).padStart(5, '0');
      const code = parent ? `${parent.code}.${segment}` : segment;
      const [row] = await tx
        .insert(organizationUnits)
        .values({ tenantId, parentId: parent?.id ?? null, code, displayName: item.name })
        .returning({ id: organizationUnits.id });
      for (const name of item.watches) {
        watchNumber += 1;
        await tx
          .insert(devices)
          .values({ tenantId, name, imei: demoImei(watchNumber), organizationId: row!.id, status: 'online' });
      }
      await insert(item.children ?? [], { id: row!.id, code });
    }
  };
  await insert(DEMO_ORGANIZATIONS, null);
}

import { DEFAULT_DEVICE_APP_SETTINGS } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { contactPeople, contactPersonRoles, contactRoles } from '../contact-people/contact-people.schema';
import { seedContactRoles } from '../contact-people';
import { products } from '../products/products.schema';
import { customerProductPrices, customers } from './customers.schema';

/**
 * Demo Kommune's product catalogue (a watch family, a service, a subscription) and a few customers
 * with contacts, a discount and a custom price, so the customer screens have something to show.
 */
export async function seedDemoCustomers(db: Database, tenantId: string): Promise<void> {
  const [watch, installation, plan] = await db
    .insert(products)
    .values([
      {
        tenantId,
        kind: 'deviceFamily',
        name: 'Homeward Watch 4G',
        listPriceMinor: 149_900,
        currency: 'DKK',
        stellaIdPrefix: 'STL',
        serialNumberPattern: '^STL\\d{8}$',
        expectedReportingIntervalSeconds: 900,
        defaultAppSettings: { ...DEFAULT_DEVICE_APP_SETTINGS, fallDetection: true },
      },
      {
        tenantId,
        kind: 'service',
        name: 'Installation and training',
        listPriceMinor: 45_000,
        currency: 'DKK',
      },
      {
        tenantId,
        kind: 'subscription',
        name: 'Tracking subscription (monthly)',
        listPriceMinor: 9_900,
        currency: 'DKK',
      },
    ])
    .returning({ id: products.id });

  await seedContactRoles(db, tenantId);
  const roles = await db
    .select({ id: contactRoles.id, name: contactRoles.name })
    .from(contactRoles)
    .where(eq(contactRoles.tenantId, tenantId));
  const roleId = (name: string) => roles.find((role) => role.name === name)!.id;

  const [north, south] = await db
    .insert(customers)
    .values([
      {
        tenantId,
        name: 'Demo Kommune Nord – Ældreplejen',
        address: 'Nørregade 12',
        city: 'Demoby',
        zipCode: '9000',
        country: 'Danmark',
        email: 'aeldrepleje.nord@demo-kommune.example',
        invoiceEmail: 'faktura@demo-kommune.example',
        agreementResponsibleName: 'Lone Sørensen',
        agreementResponsiblePhone: '+4598765432',
        agreementResponsibleEmail: 'lone.sorensen@demo-kommune.example',
        phone: '98765432',
        preferredBillingMethod: 'ean',
        cvr: '29189854',
        ean: '5798000123456',
        discountBasisPoints: 1_000,
      },
      {
        tenantId,
        name: 'Demo Kommune Syd – Bosteder',
        address: 'Sydvej 4',
        city: 'Demoby',
        zipCode: '9000',
        country: 'Danmark',
        email: 'bosteder.syd@demo-kommune.example',
        phone: '98112233',
        cvr: '29189854',
      },
      { tenantId, name: 'Privatkunde Hansen', type: 'private', city: 'Aalborg', zipCode: '9000' },
    ])
    .returning({ id: customers.id });

  await db.insert(customerProductPrices).values([
    { tenantId, customerId: north!.id, productId: watch!.id, priceMinor: 129_900 },
    { tenantId, customerId: north!.id, productId: plan!.id, priceMinor: 8_900 },
    { tenantId, customerId: south!.id, productId: installation!.id, priceMinor: 0 },
  ]);

  const people = await db
    .insert(contactPeople)
    .values([
      {
        tenantId,
        customerId: north!.id,
        firstName: 'Lone',
        lastName: 'Sørensen',
        email: 'lone.sorensen@demo-kommune.example',
        phone: '+4598765432',
        city: 'Demoby',
      },
      {
        tenantId,
        customerId: north!.id,
        firstName: 'Jens',
        lastName: 'Madsen',
        email: 'jens.madsen@demo-kommune.example',
        note: 'IT-support, hverdage 8–15',
      },
      {
        tenantId,
        customerId: south!.id,
        firstName: 'Sara',
        lastName: 'Nielsen',
        email: 'sara.nielsen@demo-kommune.example',
        phone: '98112234',
      },
    ])
    .returning({ id: contactPeople.id });
  await db.insert(contactPersonRoles).values([
    { tenantId, contactPersonId: people[0]!.id, contactRoleId: roleId('Agreement responsible') },
    { tenantId, contactPersonId: people[0]!.id, contactRoleId: roleId('Invoice receiver') },
    { tenantId, contactPersonId: people[1]!.id, contactRoleId: roleId('Technical contact') },
    { tenantId, contactPersonId: people[2]!.id, contactRoleId: roleId('Agreement responsible') },
  ]);
}

import { DEFAULT_DEVICE_APP_SETTINGS, type CitizenStandardPayer } from '@homeward/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { contactPeople } from '../contact-people/contact-people.schema';
import { devices } from '../devices/devices.schema';
import { geofences } from '../geofences/geofences.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { products } from '../products/products.schema';
import { users } from '../users/users.schema';
import { defaultChannels } from './alarm-receivers.repository';
import { citizenAlarmReceivers, citizenDeviceSettings, citizenGeofences, citizens } from './citizens.schema';
import { createCprProtection } from './cpr-protection';

/**
 * Demo Kommune's citizens: two people of Team Strandvejen, each wearing their demo watch, kept
 * inside a demo geofence, with the caregiver first and a contact person second as alarm receivers.
 * The CPR numbers are made up (valid dates, never issued to anyone we know of).
 */
const DEMO_CITIZENS: {
  name: string;
  surname: string;
  cpr: string;
  address: string;
  watch: string;
  geofence: string;
  standardPayer: CitizenStandardPayer;
}[] = [
  {
    name: 'Inge',
    surname: 'Jensen',
    cpr: '120338-4821',
    address: 'Strandvejen 12',
    watch: 'Inges ur',
    geofence: 'Plejecenter Solbakken',
    standardPayer: 'municipality',
  },
  {
    name: 'Poul',
    surname: 'Hansen',
    cpr: '050741-2317',
    address: 'Jægergårdsgade 40',
    watch: 'Pouls ur',
    geofence: 'Frederiksbjerg',
    standardPayer: 'citizen',
  },
];

/** Runs after the organizations, watches, geofences, customers and users are seeded. */
export async function seedDemoCitizens(db: Database, tenantId: string, cprEncryptionKey: Buffer) {
  const cpr = createCprProtection(cprEncryptionKey);
  const [team] = await db
    .select({ id: organizationUnits.id })
    .from(organizationUnits)
    .where(
      and(eq(organizationUnits.tenantId, tenantId), eq(organizationUnits.displayName, 'Team Strandvejen')),
    );
  const [caregiver] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, 'caregiver')));
  const [contact] = await db
    .select({ id: contactPeople.id })
    .from(contactPeople)
    .where(eq(contactPeople.tenantId, tenantId))
    .orderBy(asc(contactPeople.lastName), asc(contactPeople.id))
    .limit(1);
  if (!team) return;
  for (const demo of DEMO_CITIZENS) {
    const [citizen] = await db
      .insert(citizens)
      .values({
        tenantId,
        organizationId: team.id,
        name: demo.name,
        surname: demo.surname,
        cprEncrypted: cpr.encrypt(demo.cpr),
        cprHash: cpr.hash(demo.cpr),
        address: demo.address,
        zipCode: '8000',
        city: 'Aarhus C',
        standardPayer: demo.standardPayer,
      })
      .returning({ id: citizens.id });
    const citizenId = citizen!.id;
    const [watch] = await db
      .select({ id: devices.id, defaults: products.defaultAppSettings })
      .from(devices)
      .leftJoin(products, eq(products.id, devices.productId))
      .where(and(eq(devices.tenantId, tenantId), eq(devices.name, demo.watch)));
    if (watch) {
      await db.update(devices).set({ citizenId }).where(eq(devices.id, watch.id));
      await db.insert(citizenDeviceSettings).values({
        tenantId,
        citizenId,
        deviceId: watch.id,
        settings: watch.defaults ?? DEFAULT_DEVICE_APP_SETTINGS,
      });
    }
    const [fence] = await db
      .select({ id: geofences.id })
      .from(geofences)
      .where(and(eq(geofences.tenantId, tenantId), eq(geofences.name, demo.geofence)));
    if (fence) await db.insert(citizenGeofences).values({ tenantId, citizenId, geofenceId: fence.id });
    const receivers = [
      // The caregiver is pushed to as well (once they turn alarms on on a device), then SMS, e-mail.
      ...(caregiver
        ? [
            {
              kind: 'user' as const,
              userId: caregiver.id,
              contactPersonId: null,
              channels: defaultChannels('user'),
            },
          ]
        : []),
      ...(contact ? [{ kind: 'contactPerson' as const, userId: null, contactPersonId: contact.id }] : []),
    ];
    if (receivers.length) {
      await db
        .insert(citizenAlarmReceivers)
        .values(
          receivers.map((receiver, index) => ({ tenantId, citizenId, position: index + 1, ...receiver })),
        );
    }
  }
}

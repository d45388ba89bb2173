import { randomBytes } from 'node:crypto';
import type { AlarmKind, AlarmState, DeviceStatus } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { given } from '../../test/given';
import { randomImei } from '../../test/tenant-isolation/isolation-seeding';
import { alarms } from '../alarms/alarms.schema';
import { createCprProtection } from '../citizens/cpr-protection';
import { citizens } from '../citizens/citizens.schema';
import { DEVELOPMENT_CPR_KEY } from '../../platform/config/config';
import { devices } from '../devices/devices.schema';

/** Test apps run on the development CPR key (no CPR_ENCRYPTION_KEY). */
const TEST_CPR = createCprProtection(DEVELOPMENT_CPR_KEY);

export interface GivenWatch {
  status?: DeviceStatus;
  latitude?: number;
  longitude?: number;
  locationValid?: boolean;
  locatedAt?: Date;
  lastSeenAt?: Date;
  battery?: number;
}

/** A citizen of the tenant in a fresh organization, with the given watches (none: no watch). */
export async function givenMapCitizen(
  db: Database,
  tenantId: string,
  watches: GivenWatch[] = [],
  surname = `Mapped${randomBytes(4).toString('hex')}`,
) {
  const organization = await given(db).organization(tenantId);
  const cprNumber = `0203${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
  const [citizen] = await db
    .insert(citizens)
    .values({
      tenantId,
      organizationId: organization.id,
      name: 'Karen',
      surname,
      // A readable ciphertext: other cases list the tenant's citizens, which decrypts every CPR.
      cprEncrypted: TEST_CPR.encrypt(cprNumber),
      cprHash: TEST_CPR.hash(`${cprNumber}-${randomBytes(8).toString('hex')}`),
    })
    .returning({ id: citizens.id });
  const deviceIds: string[] = [];
  for (const watch of watches) {
    const [device] = await db
      .insert(devices)
      .values({
        tenantId,
        name: `Watch ${randomBytes(3).toString('hex')}`,
        imei: randomImei(),
        organizationId: organization.id,
        citizenId: citizen!.id,
        ...watch,
      })
      .returning({ id: devices.id });
    deviceIds.push(device!.id);
  }
  return { id: citizen!.id, surname, organizationId: organization.id, deviceIds };
}

/** An alarm of the watch (worn by the citizen) in the given state. */
export async function givenMapAlarm(
  db: Database,
  tenantId: string,
  watch: { citizenId: string; deviceId: string },
  kind: AlarmKind,
  state: AlarmState = 'open',
) {
  const at = new Date(Date.now() - 60_000);
  await db.insert(alarms).values({
    tenantId,
    deviceId: watch.deviceId,
    citizenId: watch.citizenId,
    kind,
    state,
    firstAt: at,
    lastAt: at,
  });
}

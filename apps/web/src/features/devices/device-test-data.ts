import type { Device } from '@homeward/contracts';

/** A watch of the device screens' tests: one id, with the status and battery a test needs. */
export const DEVICE_ID = '01a20000-0000-7000-8000-000000000001';
export const testDevice = (status: Device['status'], battery: number): Device => ({
  id: DEVICE_ID,
  name: 'Inges ur',
  imei: '350000000000014',
  status,
  tenantId: null,
  organizationId: null,
  organizationName: 'Team Strandvejen',
  productId: null,
  productName: null,
  citizenId: null,
  citizenName: null,
  battery,
  networkStatus: 'connected',
  lastSeenAt: '2026-11-23T10:00:00.000Z',
  location: null,
  phoneNumber: null,
  serialNumber: null,
  deviceIdentifier: null,
  stellaId: null,
  owner: null,
  purchaseDate: null,
  operator: null,
  saleType: null,
  condition: null,
  diag: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});

import type { AdministeredDevice } from '@homeward/contracts';

/** Test-only: a watch as the device administration API answers it. */
export function administeredDevice(values: Partial<AdministeredDevice> = {}): AdministeredDevice {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    tenantId: '00000000-0000-4000-8000-00000000000a',
    tenantName: 'Aarhus',
    name: 'Karens ur',
    imei: '356938035643809',
    productName: null,
    physicalLocation: 4,
    allowedLocations: [3, 5, 1, 6],
    readyForSale: false,
    saleType: 'sale',
    purchaseDate: null,
    owner: null,
    operator: null,
    condition: null,
    diag: null,
    citizenId: '00000000-0000-4000-8000-0000000000c1',
    citizenName: 'Karen Holm',
    stoppedAs: null,
    stoppedAt: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...values,
  };
}

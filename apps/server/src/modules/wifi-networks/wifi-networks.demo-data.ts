import type { Database } from '../../platform/db/database';
import { wifiNetworks, type WifiNetworkInsert } from './wifi-networks.schema';

/**
 * Demo Kommune's Wi-Fi networks: a trusted manual one at the care centre (it locates watches
 * indoors), an automatic one whose bounds GPS fixes have started to widen, and an untrusted one
 * (a neighbour's hotspot, never used for positioning).
 */
export const DEMO_WIFI_NETWORKS: Omit<WifiNetworkInsert, 'tenantId'>[] = [
  {
    macAddress: '3C:84:6A:12:9B:01',
    ssid: 'Plejecenter-Gaest',
    displayName: 'Plejecenter Solhaven, fællesstue',
    address: 'Solhavevej 12, 2650 Hvidovre',
    type: 'manual',
    trustLevel: 'trusted',
    latitude: 55.64297,
    longitude: 12.47516,
    minLatitude: 55.6428,
    maxLatitude: 55.6432,
    minLongitude: 12.4749,
    maxLongitude: 12.4755,
  },
  {
    macAddress: 'F4:92:BF:7C:20:5E',
    ssid: 'Hjemmepleje-Kontor',
    displayName: 'Hjemmeplejen, kontor',
    address: 'Hvidovrevej 278, 2650 Hvidovre',
    type: 'automatic',
    trustLevel: 'trusted',
    latitude: 55.65105,
    longitude: 12.48621,
    minLatitude: 55.6509,
    maxLatitude: 55.6512,
    minLongitude: 12.486,
    maxLongitude: 12.48642,
  },
  {
    macAddress: 'B0:BE:76:AA:01:C3',
    ssid: 'AndroidAP-4411',
    displayName: 'Ukendt hotspot',
    address: '',
    type: 'automatic',
    trustLevel: 'untrusted',
  },
];

export async function seedDemoWifiNetworks(db: Database, tenantId: string): Promise<void> {
  await db.insert(wifiNetworks).values(DEMO_WIFI_NETWORKS.map((network) => ({ ...network, tenantId })));
}

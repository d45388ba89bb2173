/**
 * The public entry of modules/wifi-networks: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { findTrustedWifiNetworksOfMacs, widenAutomaticWifiNetworksBounds } from './wifi-batch.repository';
export type { WifiSighting } from './wifi-batch.repository';
export { locateByWifi } from './wifi-positioning';

import { useState } from 'react';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { WifiNetworkFilterValues } from './get-wifi-networks';
import { WifiNetworkFilters } from './wifi-network-filters';
import { wifiNetworksResource } from './wifi-networks-resource';

/**
 * /wifis: a tenant's Wi-Fi networks with search, type and trust-level filters (sent with every page
 * request and the export), and create/edit/delete.
 */
export function WifiNetworkListPage() {
  const [filters, setFilters] = useState<WifiNetworkFilterValues>({});
  return (
    <CrudListPage
      resource={wifiNetworksResource}
      filters={<WifiNetworkFilters values={filters} onChange={setFilters} />}
      filterValues={filters}
    />
  );
}

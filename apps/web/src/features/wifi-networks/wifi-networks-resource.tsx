import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import {
  WIFI_NETWORK_SORT_FIELDS,
  WIFI_NETWORK_TYPES,
  WIFI_TRUST_LEVELS,
  zSaveWifiNetworkRequest,
  type SaveWifiNetworkValues,
  type WifiNetwork,
  type WifiTrustLevel,
} from '@homeward/contracts';
import type { CrudFormField, SelectOption } from '../../components/crud/crud-form-fields';
import type { CrudResource } from '../../components/crud/crud-resource';
import {
  exportWifiNetworks,
  getWifiNetworks,
  WIFI_NETWORKS_QUERY_KEY,
  type WifiNetworkFilterValues,
} from './get-wifi-networks';
import { createWifiNetwork, deleteWifiNetwork, updateWifiNetwork } from './save-wifi-network';

export type WifiNetworkForm = SaveWifiNetworkValues;

const TRUST_COLORS: Record<WifiTrustLevel, 'success' | 'error' | 'default'> = {
  trusted: 'success',
  untrusted: 'error',
  unknown: 'default',
};

export function useTypeOptions(): SelectOption[] {
  const { t } = useTranslation();
  return WIFI_NETWORK_TYPES.map((type) => ({ value: type, label: t(`wifi:types.${type}`) }));
}

export function useTrustLevelOptions(): SelectOption[] {
  const { t } = useTranslation();
  return WIFI_TRUST_LEVELS.map((level) => ({ value: level, label: t(`wifi:trustLevels.${level}`) }));
}

const COORDINATES = [
  'latitude',
  'longitude',
  'minLatitude',
  'maxLatitude',
  'minLongitude',
  'maxLongitude',
] as const;

const FIELDS: CrudFormField<WifiNetworkForm>[] = [
  { kind: 'text', name: 'macAddress', labelKey: 'wifi:macAddress', helperKey: 'wifi:macAddressHelp' },
  { kind: 'text', name: 'ssid', labelKey: 'wifi:ssid' },
  { kind: 'text', name: 'displayName', labelKey: 'wifi:displayName' },
  { kind: 'text', name: 'address', labelKey: 'wifi:address' },
  { kind: 'select', name: 'type', labelKey: 'wifi:type', useOptions: useTypeOptions },
  { kind: 'select', name: 'trustLevel', labelKey: 'wifi:trustLevel', useOptions: useTrustLevelOptions },
  ...COORDINATES.map((name) => ({ kind: 'number' as const, name, labelKey: `wifi:${name}` })),
];

/** Wi-Fi networks as a CRUD resource, filtered by type and trust level besides the search. */
export const wifiNetworksResource: CrudResource<WifiNetwork, WifiNetworkForm, WifiNetworkFilterValues> = {
  queryKey: WIFI_NETWORKS_QUERY_KEY,
  titleKey: 'wifi:title',
  entityKey: 'wifi:entity',
  // The address is in the form and the export; the grid keeps to what fits beside the menu.
  columns: (t) => [
    { field: 'macAddress', headerName: t('wifi:macAddress'), width: 160 },
    { field: 'ssid', headerName: t('wifi:ssid'), flex: 1, minWidth: 110 },
    { field: 'displayName', headerName: t('wifi:displayName'), flex: 1, minWidth: 130 },
    {
      field: 'type',
      headerName: t('wifi:type'),
      width: 110,
      valueFormatter: (value: string) => t(`wifi:types.${value}`),
    },
    {
      field: 'trustLevel',
      headerName: t('wifi:trustLevel'),
      width: 130,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={TRUST_COLORS[row.trustLevel]}
          label={t(`wifi:trustLevels.${row.trustLevel}`)}
          data-testid={`wifi-trust-${row.macAddress}`}
        />
      ),
    },
    {
      field: 'position',
      headerName: `${t('wifi:latitude')}, ${t('wifi:longitude')}`,
      width: 160,
      sortable: false,
      valueGetter: (_value, row) =>
        row.latitude === null || row.longitude === null
          ? ''
          : `${row.latitude.toFixed(5)}, ${row.longitude.toFixed(5)}`,
    },
  ],
  sortFields: WIFI_NETWORK_SORT_FIELDS,
  getId: (network) => network.id,
  getName: (network) => network.macAddress,
  fetchList: getWifiNetworks,
  exportList: exportWifiNetworks,
  permissions: {
    create: 'Homeward.WifiNetworks.Create',
    update: 'Homeward.WifiNetworks.Edit',
    delete: 'Homeward.WifiNetworks.Delete',
  },
  create: createWifiNetwork,
  update: updateWifiNetwork,
  remove: deleteWifiNetwork,
  form: {
    // The contract reads a cleared coordinate ('') as null, so its input type is wider than the form's.
    schema: () => zSaveWifiNetworkRequest as unknown as z.ZodType<WifiNetworkForm, FieldValues>,
    fields: () => FIELDS,
    defaultValues: () => ({
      macAddress: '',
      ssid: '',
      displayName: '',
      address: '',
      type: 'manual',
      trustLevel: 'unknown',
      latitude: null,
      longitude: null,
      minLatitude: null,
      maxLatitude: null,
      minLongitude: null,
      maxLongitude: null,
    }),
    toFormValues: (network) => ({
      macAddress: network.macAddress,
      ssid: network.ssid,
      displayName: network.displayName,
      address: network.address,
      type: network.type,
      trustLevel: network.trustLevel,
      latitude: network.latitude,
      longitude: network.longitude,
      minLatitude: network.minLatitude,
      maxLatitude: network.maxLatitude,
      minLongitude: network.minLongitude,
      maxLongitude: network.maxLongitude,
    }),
  },
};

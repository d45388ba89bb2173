import {
  GEOFENCE_SORT_FIELDS,
  zSaveGeofenceRequest,
  type Geofence,
  type GeofenceGeometry,
} from '@homeward/contracts';
import type { FieldValues } from 'react-hook-form';
import { getI18n } from 'react-i18next';
import type { z } from 'zod';
import type { CrudResource } from '../../components/crud/crud-resource';
import { GeofenceAreaInput } from './geofence-area-input';
import { GEOFENCES_QUERY_KEY, getGeofences } from './get-geofences';
import { createGeofence, deleteGeofence, updateGeofence } from './save-geofence';

/** The form holds no area until one is drawn; the contract then says the spec's message. */
export type GeofenceForm = Omit<z.output<typeof zSaveGeofenceRequest>, 'geometry'> & {
  geometry: GeofenceGeometry | null;
};

const formSchema = zSaveGeofenceRequest as unknown as z.ZodType<GeofenceForm, FieldValues>;

const toRequest = (values: GeofenceForm) => ({ ...values, geometry: values.geometry! });

/** Geofences as a CRUD resource: the list, and a dialog with name, description and the draw map. */
export const geofencesResource: CrudResource<Geofence, GeofenceForm> = {
  queryKey: GEOFENCES_QUERY_KEY,
  titleKey: 'geofences:title',
  entityKey: 'geofences:entity',
  columns: (translate) => {
    // The scaffolding's `t` is typed without parameters; the i18next function behind it takes them.
    const t = translate as (key: string, params?: Record<string, unknown>) => string;
    return [
      { field: 'name', headerName: t('geofences:name'), flex: 1, minWidth: 160 },
      {
        field: 'kind',
        headerName: t('geofences:kind'),
        width: 110,
        valueGetter: (_value, row) => t(`geofences:kinds.${row.kind}`),
      },
      {
        field: 'size',
        headerName: t('geofences:size'),
        width: 130,
        valueGetter: (_value, row) =>
          row.geometry.kind === 'circle'
            ? t('geofences:radius', { radius: Math.round(row.geometry.radiusMeters) })
            : t('geofences:points', { count: row.geometry.polygon.coordinates[0].length - 1 }),
      },
      {
        field: 'createdAt',
        headerName: t('geofences:created'),
        width: 150,
        // In the language the screen is shown in, not the browser's.
        valueFormatter: (value: string) =>
          new Date(value).toLocaleString(getI18n().language, { dateStyle: 'short', timeStyle: 'short' }),
      },
    ];
  },
  sortFields: GEOFENCE_SORT_FIELDS,
  getId: (fence) => fence.id,
  getName: (fence) => fence.name,
  fetchList: getGeofences,
  permissions: {
    create: 'Homeward.Geofences.Create',
    update: 'Homeward.Geofences.Edit',
    delete: 'Homeward.Geofences.Delete',
  },
  create: (values) => createGeofence(toRequest(values)),
  update: (id, values) => updateGeofence(id, toRequest(values)),
  remove: deleteGeofence,
  form: {
    schema: () => formSchema,
    fields: () => [
      { kind: 'text', name: 'name', labelKey: 'geofences:name' },
      { kind: 'textarea', name: 'description', labelKey: 'geofences:description' },
      { kind: 'custom', name: 'geometry', labelKey: 'geofences:area', Input: GeofenceAreaInput },
    ],
    defaultValues: () => ({ name: '', description: null, geometry: null }),
    toFormValues: (fence) => ({ name: fence.name, description: fence.description, geometry: fence.geometry }),
  },
};

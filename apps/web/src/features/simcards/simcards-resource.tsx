import Chip from '@mui/material/Chip';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import {
  SIMCARD_SORT_FIELDS,
  zSaveSimcardRequest,
  type SaveSimcardValues,
  type Simcard,
} from '@homeward/contracts';
import type { CrudFormField } from '../../components/crud/crud-form-fields';
import type { CrudResource } from '../../components/crud/crud-resource';
import { getSimcards, SIMCARDS_QUERY_KEY, type SimcardFilterValues } from './get-simcards';
import { createSimcard, updateSimcard } from './save-simcard';

export type SimcardForm = SaveSimcardValues;

const FIELDS: CrudFormField<SimcardForm>[] = [
  { kind: 'text', name: 'iccid', labelKey: 'simcards:iccid', helperKey: 'simcards:iccidHelp' },
  { kind: 'text', name: 'msisdn', labelKey: 'simcards:msisdn', helperKey: 'simcards:msisdnHelp' },
  { kind: 'text', name: 'operator', labelKey: 'simcards:operator' },
  { kind: 'textarea', name: 'note', labelKey: 'simcards:note' },
];

/**
 * SIM cards as a CRUD resource (create and edit from the contract's schema). There is no delete:
 * a SIM is deactivated instead, which the list page offers with its own confirmation.
 */
export const simcardsResource: CrudResource<Simcard, SimcardForm, SimcardFilterValues> = {
  queryKey: SIMCARDS_QUERY_KEY,
  titleKey: 'simcards:title',
  entityKey: 'simcards:entity',
  columns: (t) => [
    { field: 'iccid', headerName: t('simcards:iccid'), width: 200 },
    { field: 'msisdn', headerName: t('simcards:msisdn'), width: 170 },
    { field: 'operator', headerName: t('simcards:operator'), width: 120 },
    {
      field: 'status',
      headerName: t('simcards:status'),
      width: 130,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={row.status === 'active' ? 'success' : 'default'}
          label={t(`simcards:statuses.${row.status}`)}
        />
      ),
    },
    {
      field: 'device',
      headerName: t('simcards:device'),
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_value, row) => (row.device ? `${row.device.name} (${row.device.imei})` : ''),
    },
    { field: 'note', headerName: t('simcards:note'), flex: 1, minWidth: 120 },
  ],
  sortFields: SIMCARD_SORT_FIELDS,
  getId: (sim) => sim.id,
  getName: (sim) => sim.iccid,
  fetchList: getSimcards,
  permissions: { create: 'Homeward.SimCards.Create', update: 'Homeward.SimCards.Edit' },
  create: createSimcard,
  update: updateSimcard,
  form: {
    // The contract parses the ICCID to digits and the number to E.164, so its output is the form's.
    schema: () => zSaveSimcardRequest as unknown as z.ZodType<SimcardForm, FieldValues>,
    fields: () => FIELDS,
    defaultValues: () => ({ iccid: '', msisdn: '', operator: '', note: '' }),
    toFormValues: (sim) => ({ iccid: sim.iccid, msisdn: sim.msisdn, operator: sim.operator, note: sim.note }),
  },
};

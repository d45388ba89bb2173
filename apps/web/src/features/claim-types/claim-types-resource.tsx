import LockIcon from '@mui/icons-material/Lock';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import {
  CLAIM_TYPE_SORT_FIELDS,
  CLAIM_VALUE_TYPES,
  zCreateClaimTypeRequest,
  type ClaimType,
} from '@homeward/contracts';
import type { z } from 'zod';
import type { SelectOption } from '../../components/crud/crud-form-fields';
import type { CrudResource } from '../../components/crud/crud-resource';
import { yesNoColumn } from '../../components/crud/yes-no-column';
import { CLAIM_TYPES_QUERY_KEY, getClaimTypes } from './get-claim-types';
import { createClaimType, deleteClaimType, updateClaimType } from './save-claim-type';

export type ClaimTypeForm = z.output<typeof zCreateClaimTypeRequest>;

function useValueTypeOptions(): SelectOption[] {
  const { t } = useTranslation();
  return CLAIM_VALUE_TYPES.map((type) => ({
    value: type,
    label: t(`identity:claimTypes.valueTypes.${type}`),
  }));
}

/** Claim types (host only) as a CRUD resource. */
export const claimTypesResource: CrudResource<ClaimType, ClaimTypeForm> = {
  queryKey: CLAIM_TYPES_QUERY_KEY,
  titleKey: 'identity:claimTypes.title',
  entityKey: 'identity:claimTypes.entity',
  columns: (t) => [
    {
      field: 'name',
      headerName: t('identity:claimTypes.name'),
      flex: 1,
      minWidth: 160,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <span>{row.name}</span>
          {row.isStatic && (
            <Tooltip title={t('identity:claimTypes.static')}>
              <LockIcon fontSize="small" color="action" aria-label={t('identity:claimTypes.static')} />
            </Tooltip>
          )}
        </Stack>
      ),
    },
    {
      field: 'valueType',
      headerName: t('identity:claimTypes.valueType'),
      width: 150,
      valueFormatter: (value: string) => t(`identity:claimTypes.valueTypes.${value}`),
    },
    yesNoColumn(t, 'required', 'identity:claimTypes.required'),
    { field: 'regex', headerName: t('identity:claimTypes.regex'), flex: 1 },
    { field: 'description', headerName: t('identity:claimTypes.description'), flex: 1 },
  ],
  sortFields: CLAIM_TYPE_SORT_FIELDS,
  getId: (claimType) => claimType.id,
  getName: (claimType) => claimType.name,
  fetchList: getClaimTypes,
  permissions: {
    create: 'Homeward.ClaimTypes.Create',
    update: 'Homeward.ClaimTypes.Edit',
    delete: 'Homeward.ClaimTypes.Delete',
  },
  create: createClaimType,
  update: updateClaimType,
  remove: deleteClaimType,
  canDelete: (claimType) => !claimType.isStatic,
  form: {
    schema: () => zCreateClaimTypeRequest,
    fields: (_mode, claimType) => [
      { kind: 'text', name: 'name', labelKey: 'identity:claimTypes.name', disabled: claimType?.isStatic },
      {
        kind: 'select',
        name: 'valueType',
        labelKey: 'identity:claimTypes.valueType',
        useOptions: useValueTypeOptions,
      },
      { kind: 'switch', name: 'required', labelKey: 'identity:claimTypes.required' },
      { kind: 'text', name: 'regex', labelKey: 'identity:claimTypes.regex' },
      { kind: 'text', name: 'regexDescription', labelKey: 'identity:claimTypes.regexDescription' },
      { kind: 'textarea', name: 'description', labelKey: 'identity:claimTypes.description' },
    ],
    defaultValues: () => ({
      name: '',
      required: false,
      regex: '',
      regexDescription: '',
      description: '',
      valueType: 'string',
    }),
    toFormValues: (claimType) => ({
      name: claimType.name,
      required: claimType.required,
      regex: claimType.regex ?? '',
      regexDescription: claimType.regexDescription ?? '',
      description: claimType.description ?? '',
      valueType: claimType.valueType,
    }),
  },
};

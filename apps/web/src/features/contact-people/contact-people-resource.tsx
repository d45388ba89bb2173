import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  CONTACT_PERSON_SORT_FIELDS,
  zSaveContactPersonRequest,
  type ContactPerson,
  type ContactRole,
} from '@homeward/contracts';
import type { z } from 'zod';
import type { SelectOption } from '../../components/crud/crud-form-fields';
import type { CrudResource } from '../../components/crud/crud-resource';
import { CONTACT_PEOPLE_QUERY_KEY, getContactPeople, useContactRoles } from './get-contact-people';
import { createContactPerson, deleteContactPerson, updateContactPerson } from './save-contact-person';

export type ContactPersonForm = z.output<typeof zSaveContactPersonRequest>;

/** A contact role's name in the user's language: the seeded defaults are translated, own ones shown as typed. */
export function contactRoleName(t: TFunction, role: ContactRole): string {
  return t(`customers:contactRoleNames.${role.name}`, { defaultValue: role.name });
}

function useContactRoleOptions(): SelectOption[] {
  const { t } = useTranslation();
  const { data } = useContactRoles();
  return (data?.items ?? []).map((role) => ({ value: role.id, label: contactRoleName(t, role) }));
}

const text = (name: keyof ContactPersonForm, kind: 'text' | 'email' | 'textarea' = 'text') =>
  ({ kind, name, labelKey: `customers:contacts.${name}` }) as const;

/**
 * Contact people as a CRUD resource: one customer's (its Contacts tab, where new ones are added)
 * or every customer's (/contact-people, with a customer column; edit and delete only). `readOnly`
 * (a host's All tenants view) leaves only the list.
 */
export function contactPeopleResource(
  customerId?: string,
  readOnly = false,
): CrudResource<ContactPerson, ContactPersonForm> {
  return {
    queryKey: [...CONTACT_PEOPLE_QUERY_KEY, customerId ?? 'all'],
    titleKey: 'customers:contacts.title',
    entityKey: 'customers:contacts.entity',
    columns: (t) => [
      {
        field: 'lastName',
        headerName: t('customers:contacts.name'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) => `${row.firstName} ${row.lastName}`,
      },
      { field: 'email', headerName: t('customers:contacts.email'), flex: 1, minWidth: 180 },
      { field: 'phone', headerName: t('customers:contacts.phone'), width: 140, sortable: false },
      {
        field: 'roles',
        headerName: t('customers:contacts.roles'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_value, row) =>
          row.roles.map((role) => contactRoleName(t as TFunction, role)).join(', '),
      },
      ...(customerId
        ? []
        : [
            {
              field: 'customerName',
              headerName: t('customers:contacts.customer'),
              flex: 1,
              minWidth: 160,
              renderCell: ({ row }: { row: ContactPerson }) => (
                <Link component={RouterLink} to={`/customers/${row.customerId}`}>
                  {row.customerName}
                </Link>
              ),
            },
          ]),
    ],
    sortFields: CONTACT_PERSON_SORT_FIELDS,
    getId: (person) => person.id,
    getName: (person) => `${person.firstName} ${person.lastName}`,
    fetchList: (request) => getContactPeople({ ...request, customerId }),
    permissions: {
      create: 'Homeward.ContactPeople.Create',
      update: 'Homeward.ContactPeople.Edit',
      delete: 'Homeward.ContactPeople.Delete',
    },
    create: customerId && !readOnly ? createContactPerson : undefined,
    update: readOnly ? undefined : updateContactPerson,
    remove: readOnly ? undefined : deleteContactPerson,
    form: {
      schema: () => zSaveContactPersonRequest,
      fields: () => [
        text('firstName'),
        text('lastName'),
        text('email', 'email'),
        text('phone'),
        text('street'),
        text('zip'),
        text('city'),
        {
          kind: 'multiselect',
          name: 'roleIds',
          labelKey: 'customers:contacts.roles',
          useOptions: useContactRoleOptions,
        },
        text('note', 'textarea'),
      ],
      defaultValues: () => ({
        customerId: customerId ?? '',
        firstName: '',
        lastName: '',
        email: '',
        phone: '',
        zip: '',
        street: '',
        city: '',
        note: '',
        roleIds: [],
      }),
      toFormValues: (person) => ({
        customerId: person.customerId,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        zip: person.zip,
        street: person.street,
        city: person.city,
        note: person.note,
        roleIds: person.roles.map((role) => role.id),
      }),
    },
  };
}

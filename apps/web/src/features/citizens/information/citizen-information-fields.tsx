import Box from '@mui/material/Box';
import {
  CITIZEN_STANDARD_PAYERS,
  organizationEndpoints,
  type Citizen,
  type CitizenInformation,
} from '@homeward/contracts';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CrudFormFieldInput,
  type CrudFormField,
  type SelectOption,
} from '../../../components/crud/crud-form-fields';
import { LookupField, type LookupEndpoint } from '../../../components/crud/lookup-field';
import { translateValidationMessage } from '../../../components/forms/translate-validation-message';
import { useLoadedConfiguration } from '../../../app/configuration/get-app-configuration';

/**
 * The citizen's information as the forms hold it: the contract's fields plus the names of the
 * chosen organization and customer, so a picker shows its choice again after the wizard went back
 * (the contract ignores the extra names).
 */
export type CitizenInformationForm = Required<
  Omit<CitizenInformation, 'specificCustomerId' | 'standardPayer'>
> & {
  specificCustomerId: string | null;
  standardPayer: (typeof CITIZEN_STANDARD_PAYERS)[number];
  organizationName: string;
  specificCustomerName: string;
};

export const EMPTY_CITIZEN_INFORMATION: CitizenInformationForm = {
  name: '',
  surname: '',
  cpr: '',
  address: '',
  zipCode: '',
  city: '',
  organizationId: '',
  organizationName: '',
  specificCustomerId: null,
  specificCustomerName: '',
  standardPayer: 'municipality',
};

/** The information form of a stored citizen (the full CPR only reaches holders of Citizens.Edit). */
export function citizenInformationValues(citizen: Citizen): CitizenInformationForm {
  return {
    name: citizen.name,
    surname: citizen.surname,
    cpr: citizen.cpr ?? citizen.cprMasked,
    address: citizen.address,
    zipCode: citizen.zipCode,
    city: citizen.city,
    organizationId: citizen.organizationId,
    organizationName: citizen.organizationName ?? '',
    specificCustomerId: citizen.specificCustomerId,
    specificCustomerName: citizen.specificCustomerName ?? '',
    standardPayer: citizen.standardPayer,
  };
}

/** The form's fields without the picker names: what `PUT /api/citizens/:id` takes. */
export function toInformationRequest(form: CitizenInformationForm): CitizenInformation {
  const { organizationName: _organization, specificCustomerName: _customer, ...information } = form;
  return information;
}

function useStandardPayerOptions(): SelectOption[] {
  const { t } = useTranslation();
  return CITIZEN_STANDARD_PAYERS.map((value) => ({ value, label: t(`citizens:standardPayers.${value}`) }));
}

const TEXT_FIELDS = ['name', 'surname', 'cpr', 'address', 'zipCode', 'city'] as const;

interface CitizenInformationFieldsProps<TForm extends FieldValues> {
  control: Control<TForm>;
  /** Where the information sits in the form: '' (detail page) or 'information.' (wizard). */
  prefix: '' | 'information.';
  disabled?: boolean;
}

/**
 * Whether the form asks for organization, customer and payer: not of a household, whose citizens
 * always go into its one unit (the server puts them there).
 */
export function useAsksForOrganization(): boolean {
  return !(useLoadedConfiguration()?.isPlugAndPlay ?? false);
}

/** Name, surname, CPR, address, organization, specific customer and standard payer, in a grid. */
export function CitizenInformationFields<TForm extends FieldValues>({
  control,
  prefix,
  disabled,
}: CitizenInformationFieldsProps<TForm>) {
  const path = (name: string) => `${prefix}${name}` as Path<TForm>;
  const asksForOrganization = useAsksForOrganization();
  const fields: CrudFormField<TForm>[] = [
    ...TEXT_FIELDS.map((name): CrudFormField<TForm> => ({
      kind: 'text',
      name: path(name),
      labelKey: `citizens:${name}`,
      helperKey: name === 'cpr' ? 'citizens:cprHelp' : undefined,
      disabled,
    })),
    ...(asksForOrganization
      ? [
          {
            kind: 'select',
            name: path('standardPayer'),
            labelKey: 'citizens:standardPayer',
            useOptions: useStandardPayerOptions,
            disabled,
          } satisfies CrudFormField<TForm>,
        ]
      : []),
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {fields.map((field) => (
        <CrudFormFieldInput key={field.name} field={field} control={control} />
      ))}
      {asksForOrganization && <MunicipalityLookups control={control} path={path} disabled={disabled} />}
    </Box>
  );
}

/** Organization and specific customer: the municipality product's pickers. */
function MunicipalityLookups<TForm extends FieldValues>({
  control,
  path,
  disabled,
}: {
  control: Control<TForm>;
  path(name: string): Path<TForm>;
  disabled?: boolean;
}) {
  return (
    <>
      <NamedLookup
        control={control}
        idPath={path('organizationId')}
        namePath={path('organizationName')}
        endpoint={organizationEndpoints.lookup}
        labelKey="citizens:organization"
        testId="citizen-field-organization"
        disabled={disabled}
      />
      <NamedLookup
        control={control}
        idPath={path('specificCustomerId')}
        namePath={path('specificCustomerName')}
        endpoint={organizationEndpoints.customerLookup}
        labelKey="citizens:specificCustomer"
        testId="citizen-field-customer"
        disabled={disabled}
      />
    </>
  );
}

interface NamedLookupProps<TForm extends FieldValues> {
  control: Control<TForm>;
  idPath: Path<TForm>;
  namePath: Path<TForm>;
  endpoint: LookupEndpoint;
  labelKey: string;
  testId: string;
  disabled?: boolean;
}

/** A lookup whose chosen row's name is kept in the form beside its id. */
function NamedLookup<TForm extends FieldValues>(props: NamedLookupProps<TForm>) {
  const { t } = useTranslation();
  const id = useController({ control: props.control, name: props.idPath });
  const name = useController({ control: props.control, name: props.namePath });
  const label = t(props.labelKey);
  const error = id.fieldState.error?.message;
  return (
    <LookupField
      endpoint={props.endpoint}
      value={(id.field.value as string | null) || null}
      valueLabel={(name.field.value as string) || undefined}
      onChange={(value, item) => {
        id.field.onChange(value);
        name.field.onChange(item?.displayName ?? '');
      }}
      label={label}
      disabled={props.disabled}
      error={error && translateValidationMessage(t, error, label)}
      data-testid={props.testId}
    />
  );
}

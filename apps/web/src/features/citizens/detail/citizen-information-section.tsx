import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { installValidationMessages, zUpdateCitizenRequest, type Citizen } from '@homeward/contracts';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../../components/forms/apply-server-field-errors';
import {
  CitizenInformationFields,
  citizenInformationValues,
  toInformationRequest,
  type CitizenInformationForm,
} from '../information/citizen-information-fields';
import { updateCitizen } from '../save-citizen';
import { DetailSection } from './detail-section';
import { useCitizenUpdate } from './use-citizen-update';

installValidationMessages();

const FIELD_NAMES: Path<CitizenInformationForm>[] = [
  'name',
  'surname',
  'cpr',
  'address',
  'zipCode',
  'city',
  'organizationId',
  'specificCustomerId',
  'standardPayer',
];

/** The citizen's information, editable with Citizens.Edit (the full CPR only reaches them). */
export function CitizenInformationSection({ citizen, canEdit }: { citizen: Citizen; canEdit: boolean }) {
  const { t } = useTranslation();
  const form = useForm<CitizenInformationForm>({
    resolver: zodResolver(zUpdateCitizenRequest as never) as Resolver<CitizenInformationForm>,
    defaultValues: citizenInformationValues(citizen),
  });
  const save = useCitizenUpdate((values: CitizenInformationForm) =>
    updateCitizen(citizen.id, toInformationRequest(values)),
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      form.reset(values);
    } catch (error) {
      applyServerFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });
  return (
    <form noValidate onSubmit={submit} data-testid="citizen-information-form">
      <DetailSection
        title={t('citizens:sections.information')}
        testId="citizen-information"
        action={
          canEdit && (
            <Button
              type="submit"
              variant="contained"
              loading={save.isPending}
              data-testid="citizen-information-save"
            >
              {t('citizens:save')}
            </Button>
          )
        }
      >
        <CitizenInformationFields control={form.control} prefix="" disabled={!canEdit} />
      </DetailSection>
    </form>
  );
}

import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { installValidationMessages, type Citizen } from '@homeward/contracts';
import { useForm, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../app/api/api-request-error';
import { useCrudMutation } from '../../../components/crud/use-crud-mutation';
import { CitizenInformationFields, useAsksForOrganization } from '../information/citizen-information-fields';
import { CITIZENS_QUERY_KEY } from '../get-citizens';
import { createCitizen } from '../save-citizen';
import {
  EMPTY_WIZARD_FORM,
  WIZARD_STEPS,
  formPathOfField,
  stepOfField,
  toWizardRequest,
  wizardResolverFor,
  type CitizenWizardForm,
  type WizardStep,
} from './citizen-wizard-form';
import { LeaveConfirmDialog, useLeaveGuard } from './use-leave-guard';
import { DevicesStep, GeofenceStep, SettingsStep } from './wizard-steps';

installValidationMessages();

/** The form fields each step checks before Next lets the user on. */
const STEP_FIELDS: Record<WizardStep, Path<CitizenWizardForm>[]> = {
  information: ['information'],
  devices: ['devices'],
  settings: ['deviceSettings'],
  geofence: ['geofenceIds', 'newGeofence'],
};

interface CitizenWizardDialogProps {
  onClose(): void;
  onCreated(citizen: Citizen): void;
}

/**
 * Spec §2 citizen creation wizard: Information, Devices, App settings, Geofence. One form holds
 * every step, so Back keeps what was entered; Finish sends everything in one call, and the
 * server's field errors take the user to the step of the field. Leaving with input asks first.
 */
export function CitizenWizardDialog({ onClose, onCreated }: CitizenWizardDialogProps) {
  const { t } = useTranslation();
  const asksForOrganization = useAsksForOrganization();
  const form = useForm<CitizenWizardForm>({
    resolver: wizardResolverFor(asksForOrganization),
    defaultValues: EMPTY_WIZARD_FORM,
  });
  const [stepIndex, setStepIndex] = useState(0);
  const [created, setCreated] = useState<Citizen | null>(null);
  const [askingToClose, setAskingToClose] = useState(false);
  const step = WIZARD_STEPS[stepIndex]!;
  const last = stepIndex === WIZARD_STEPS.length - 1;
  const dirty = form.formState.isDirty && !created;
  const blocker = useLeaveGuard(dirty);
  const create = useCrudMutation({
    mutationFn: createCitizen,
    queryKey: CITIZENS_QUERY_KEY,
    entityKey: 'citizens:entity',
    operation: 'create',
  });

  // Navigate only once the guard has seen the citizen is saved, or it would hold the navigation.
  useEffect(() => {
    if (created) onCreated(created);
  }, [created, onCreated]);

  const goToFirstError = (errors: FieldErrors<CitizenWizardForm>) => {
    const first = Object.keys(errors)[0];
    if (first) setStepIndex(WIZARD_STEPS.indexOf(stepOfField(first)));
  };

  const next = async () => {
    if (await form.trigger(STEP_FIELDS[step])) setStepIndex(stepIndex + 1);
  };

  const finish = form.handleSubmit(async (values) => {
    try {
      setCreated((await create.mutateAsync(toWizardRequest(values))) as Citizen);
    } catch (error) {
      // The mutation toasted the failure; field errors also go to their step and field.
      const fieldErrors = error instanceof ApiRequestError ? (error.body?.error.validationErrors ?? []) : [];
      fieldErrors.forEach((fieldError, index) => {
        const message = fieldError.params
          ? `${fieldError.message}|${JSON.stringify(fieldError.params)}`
          : fieldError.message;
        form.setError(
          formPathOfField(fieldError.field) as Path<CitizenWizardForm>,
          { type: 'server', message },
          { shouldFocus: index === 0 },
        );
      });
      if (fieldErrors[0]) setStepIndex(WIZARD_STEPS.indexOf(stepOfField(fieldErrors[0].field)));
    }
  }, goToFirstError);

  const requestClose = () => (dirty ? setAskingToClose(true) : onClose());

  return (
    <Dialog open onClose={requestClose} fullWidth maxWidth="lg" data-testid="citizen-wizard">
      <DialogTitle>{t('citizens:wizard.title')}</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={stepIndex} alternativeLabel sx={{ mb: 3 }}>
          {WIZARD_STEPS.map((name) => (
            <Step key={name}>
              <StepLabel>{t(`citizens:wizard.steps.${name}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void (last ? finish() : next());
          }}
          id="citizen-wizard-form"
          data-testid={`citizen-wizard-step-${step}`}
        >
          {step === 'information' && (
            <CitizenInformationFields control={form.control} prefix="information." />
          )}
          {step === 'devices' && <DevicesStep control={form.control} />}
          {step === 'settings' && <SettingsStep control={form.control} />}
          {step === 'geofence' && <GeofenceStep control={form.control} />}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={requestClose} data-testid="citizen-wizard-cancel">
          {t('identity:crud.cancel')}
        </Button>
        <Button
          disabled={stepIndex === 0}
          onClick={() => setStepIndex(stepIndex - 1)}
          data-testid="citizen-wizard-back"
        >
          {t('citizens:wizard.back')}
        </Button>
        <Button
          type="submit"
          form="citizen-wizard-form"
          variant="contained"
          loading={create.isPending}
          data-testid={last ? 'citizen-wizard-finish' : 'citizen-wizard-next'}
        >
          {t(last ? 'citizens:wizard.finish' : 'citizens:wizard.next')}
        </Button>
      </DialogActions>
      <LeaveConfirmDialog
        open={askingToClose || blocker.state === 'blocked'}
        onStay={() => {
          setAskingToClose(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
        onLeave={() => {
          setAskingToClose(false);
          if (blocker.state === 'blocked') blocker.proceed();
          else onClose();
        }}
      />
    </Dialog>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  installValidationMessages,
  zVitalThresholdsRequest,
  type VitalThresholdFields,
  type VitalThresholdsRequest,
} from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../app/api/api-request-error';
import { translateValidationMessage } from '../../../components/forms/translate-validation-message';
import { useSaveVitalThresholds } from './save-vital-thresholds';

installValidationMessages();

type Field = keyof VitalThresholdFields;

/** The fields in the order the dialog shows them, each lower limit beside its upper one. */
const FIELDS: Field[] = [
  'heartRateMin',
  'heartRateMax',
  'spo2Min',
  'systolicMax',
  'temperatureMin',
  'temperatureMax',
];

type Texts = Record<Field, string>;

const textsOf = (limits: VitalThresholdFields): Texts =>
  Object.fromEntries(
    FIELDS.map((field) => [field, limits[field] === null ? '' : String(limits[field])]),
  ) as Texts;

/** What the form sends: empty is "no limit"; a decimal comma is read as a point; other text stays to be refused. */
function requestOf(texts: Texts): Record<Field, number | string | null> {
  return Object.fromEntries(
    FIELDS.map((field) => {
      const text = texts[field].trim().replace(',', '.');
      if (text === '') return [field, null];
      const value = Number(text);
      return [field, Number.isFinite(value) ? value : text];
    }),
  ) as Record<Field, number | string | null>;
}

/**
 * The citizen's vital alarm limits: checked with the contracts' schema as the server does (a
 * lower limit below its upper one, values a body can show), with the server's field errors shown
 * on the same fields; success and failure are told in a toast.
 */
export function VitalThresholdsDialog({
  citizenId,
  limits,
  onClose,
}: {
  citizenId: string;
  limits: VitalThresholdFields;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<Texts>(() => textsOf(limits));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveVitalThresholds(citizenId);

  const showErrors = (
    issues: { field: string; message: string; params?: Record<string, string | number> }[],
  ) => {
    const next: Partial<Record<Field, string>> = {};
    for (const issue of issues) {
      const field = FIELDS.find((name) => name === issue.field);
      if (field && !next[field]) {
        next[field] = translateValidationMessage(
          t,
          issue.message,
          t(`vitals:thresholds.${field}`),
          issue.params,
        );
      }
    }
    setErrors(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = zVitalThresholdsRequest.safeParse(requestOf(texts));
    if (!parsed.success) {
      showErrors(
        parsed.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })),
      );
      return;
    }
    setErrors({});
    void save
      .mutateAsync(parsed.data as VitalThresholdsRequest)
      .then(onClose)
      .catch((error: unknown) => {
        if (error instanceof ApiRequestError) showErrors(error.body?.error.validationErrors ?? []);
      });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="vital-thresholds-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="vital-thresholds-title">{t('vitals:thresholds.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('vitals:thresholds.description')}</DialogContentText>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            {FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(`vitals:thresholds.${field}`)}
                value={texts[field]}
                onChange={(event) => setTexts((current) => ({ ...current, [field]: event.target.value }))}
                error={errors[field] !== undefined}
                helperText={errors[field] ?? ' '}
                slotProps={{ htmlInput: { inputMode: 'decimal', name: field } }}
              />
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('vitals:thresholds.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('vitals:thresholds.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

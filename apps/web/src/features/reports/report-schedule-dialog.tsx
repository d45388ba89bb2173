import { REPORT_FORMATS, REPORT_KINDS, SUPPORTED_LANGUAGES, type ReportSchedule } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormDialog } from '../../components/crud/crud-form-dialog';
import type { CrudFormField } from '../../components/crud/crud-form-fields';
import { formValuesOf, zReportScheduleForm, type ReportScheduleFormValues } from './report-schedule-form';

function useKindOptions() {
  const { t } = useTranslation();
  return REPORT_KINDS.map((kind) => ({ value: kind, label: t(`reports:kinds.${kind}`) }));
}

function useFormatOptions() {
  const { t } = useTranslation();
  return REPORT_FORMATS.map((format) => ({ value: format, label: t(`reports:formats.${format}`) }));
}

function useLanguageOptions() {
  const { t } = useTranslation();
  return SUPPORTED_LANGUAGES.map((language) => ({
    value: language,
    label: t(`translation:languages.${language}`),
  }));
}

const FIELDS: CrudFormField<ReportScheduleFormValues>[] = [
  { name: 'kind', kind: 'select', labelKey: 'reports:report', useOptions: useKindOptions },
  { name: 'format', kind: 'select', labelKey: 'reports:format', useOptions: useFormatOptions },
  {
    name: 'recipients',
    kind: 'textarea',
    labelKey: 'reports:schedules.recipients',
    helperKey: 'reports:schedules.recipientsHelp',
  },
  {
    name: 'dayOfMonth',
    kind: 'number',
    labelKey: 'reports:schedules.dayOfMonth',
    helperKey: 'reports:schedules.dayOfMonthHelp',
  },
  {
    name: 'language',
    kind: 'select',
    labelKey: 'reports:schedules.language',
    useOptions: useLanguageOptions,
  },
];

interface ReportScheduleDialogProps {
  /** The schedule edited; undefined for a new one. */
  schedule: ReportSchedule | undefined;
  onSubmit(values: ReportScheduleFormValues): Promise<unknown>;
  onClose(): void;
}

/** Create or edit a monthly report e-mail. */
export function ReportScheduleDialog({ schedule, onSubmit, onClose }: ReportScheduleDialogProps) {
  const { t, i18n } = useTranslation();
  return (
    <CrudFormDialog
      open
      title={t(schedule ? 'reports:schedules.edit' : 'reports:schedules.add')}
      schema={zReportScheduleForm}
      fields={FIELDS}
      values={formValuesOf(schedule, i18n.language)}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}

import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES_QUERY_KEY, TEXTS_QUERY_KEY, getAllLanguages, getTextResources } from './languages-api';

export interface LanguageTextFilterValues {
  /** Empty: every namespace. */
  resourceName: string;
  baseCultureName: string;
  targetCultureName: string;
  getOnlyEmptyValues: boolean;
  search: string;
}

interface NativeSelectProps {
  label: string;
  value: string;
  testId: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
}

function NativeSelect({ label, value, testId, options, onChange }: NativeSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 180 }}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** Namespace, base and target language, "only empty" and a free-text search over keys and values. */
export function LanguageTextFilters({
  values,
  onChange,
}: {
  values: LanguageTextFilterValues;
  onChange(values: LanguageTextFilterValues): void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<LanguageTextFilterValues>) => onChange({ ...values, ...patch });
  const resources = useQuery({ queryKey: [...TEXTS_QUERY_KEY, 'resources'], queryFn: getTextResources });
  const languages = useQuery({ queryKey: [...LANGUAGES_QUERY_KEY, 'all'], queryFn: getAllLanguages });
  const cultures = (languages.data?.items ?? []).map((language) => ({
    value: language.cultureName,
    label: `${language.displayName} (${language.cultureName})`,
  }));
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
      <NativeSelect
        label={t('languages:texts.namespace')}
        value={values.resourceName}
        testId="texts-filter-namespace"
        options={[
          { value: '', label: t('languages:texts.allNamespaces') },
          ...(resources.data?.items ?? []).map((resource) => ({
            value: resource.name,
            label: resource.name,
          })),
        ]}
        onChange={(resourceName) => set({ resourceName })}
      />
      <NativeSelect
        label={t('languages:texts.baseCulture')}
        value={values.baseCultureName}
        testId="texts-filter-base"
        options={cultures}
        onChange={(baseCultureName) => set({ baseCultureName })}
      />
      <NativeSelect
        label={t('languages:texts.targetCulture')}
        value={values.targetCultureName}
        testId="texts-filter-target"
        options={cultures}
        onChange={(targetCultureName) => set({ targetCultureName })}
      />
      <TextField
        size="small"
        value={values.search}
        onChange={(event) => set({ search: event.target.value })}
        placeholder={t('identity:crud.search')}
        slotProps={{ htmlInput: { 'data-testid': 'texts-search', 'aria-label': t('identity:crud.search') } }}
        sx={{ minWidth: 220 }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={values.getOnlyEmptyValues}
            onChange={(event) => set({ getOnlyEmptyValues: event.target.checked })}
            slotProps={{ input: { 'data-testid': 'texts-filter-only-empty' } as object }}
          />
        }
        label={t('languages:texts.onlyEmpty')}
      />
    </Stack>
  );
}

import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { messageEndpoints, type LookupItem } from '@homeward/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomFieldInputProps } from '../../components/crud/crud-form-fields';
import { getLookupPage, type LookupEndpoint } from '../../components/crud/lookup-field';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';

/**
 * A searchable choice of several users or organization units from the messages' recipient lookups.
 * The server searches; the chosen rows are remembered with their names so the chips stay readable
 * when a new search no longer lists them.
 */
function RecipientPicker({
  endpoint,
  testId,
  value,
  onChange,
  label,
  error,
}: CustomFieldInputProps & { endpoint: LookupEndpoint; testId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<LookupItem[]>([]);
  const filter = useDebouncedValue(input.trim());
  const options = useQuery({
    queryKey: ['lookup', endpoint.path, filter],
    queryFn: () => getLookupPage(endpoint, filter, 0),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const ids = Array.isArray(value) ? (value as string[]) : [];
  const selected = ids.map(
    (id) =>
      chosen.find((item) => item.id === id) ??
      options.data?.items.find((item) => item.id === id) ?? { id, displayName: id },
  );
  return (
    <Autocomplete<LookupItem, true>
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options.data?.items ?? []}
      value={selected}
      filterOptions={(items) => items}
      loading={options.isFetching}
      getOptionLabel={(item) => item.displayName}
      isOptionEqualToValue={(option, item) => option.id === item.id}
      onChange={(_event, items) => {
        setChosen(items);
        onChange(items.map((item) => item.id));
      }}
      onInputChange={(_event, text, reason) => {
        // Choosing an option also sets the text; only typing changes the search.
        if (reason === 'input' || reason === 'clear') setInput(reason === 'clear' ? '' : text);
      }}
      noOptionsText={t('identity:crud.noOptions')}
      loadingText={t('identity:crud.loading')}
      data-testid={testId}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `${testId}-input` },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {options.isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

export function UserRecipientPicker(props: CustomFieldInputProps) {
  return <RecipientPicker {...props} endpoint={messageEndpoints.userLookup} testId="message-users" />;
}

export function OrganizationRecipientPicker(props: CustomFieldInputProps) {
  return (
    <RecipientPicker
      {...props}
      endpoint={messageEndpoints.organizationUnitLookup}
      testId="message-organization-units"
    />
  );
}

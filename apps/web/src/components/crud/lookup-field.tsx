import { useMemo, useState, type UIEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import type {
  Endpoint,
  LookupItem,
  LookupResponse,
  zLookupRequest,
  zLookupResponse,
} from '@homeward/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useDebouncedValue } from './use-debounced-value';

/** Rows one lookup request asks for; scrolling to the end of the list asks for the next ones. */
export const LOOKUP_PAGE_SIZE = 20;

/** A lookup endpoint: `{ items: {id, displayName}[], totalCount }` for `?filter=&skip=&take=`. */
export type LookupEndpoint = Endpoint<string, typeof zLookupRequest, undefined, typeof zLookupResponse>;

export interface LookupFieldProps {
  endpoint: LookupEndpoint;
  /** The chosen id, or null. */
  value: string | null;
  onChange(id: string | null, item: LookupItem | null): void;
  label: string;
  /** An already translated error; shown under the field. */
  error?: string;
  helperText?: string;
  disabled?: boolean;
  /** The text of `value` when the caller knows it (the first page may not hold the chosen row). */
  valueLabel?: string;
  /** Ids that cannot be chosen (an organization's own subtree in the move dialog). */
  isOptionDisabled?(item: LookupItem): boolean;
  'data-testid'?: string;
}

/** GET `<lookup>?filter=&skip=&take=`: one page of a lookup. */
export function getLookupPage(
  endpoint: LookupEndpoint,
  filter: string,
  skip: number,
): Promise<LookupResponse> {
  return callEndpoint(endpoint, { query: { filter, skip, take: LOOKUP_PAGE_SIZE } });
}

/**
 * A searchable, paged choice of one row from a lookup endpoint (customers, geofences,
 * organizations). The server searches and pages; the list loads when opened and loads more when
 * scrolled to its end.
 */
export function LookupField(props: LookupFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<LookupItem | null>(null);
  const filter = useDebouncedValue(input.trim());

  const pages = useInfiniteQuery({
    queryKey: ['lookup', props.endpoint.path, filter],
    queryFn: ({ pageParam }) => getLookupPage(props.endpoint, filter, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.totalCount && last.items.length > 0 ? loaded : undefined;
    },
    enabled: open,
  });
  const options = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);

  const selected: LookupItem | null = props.value
    ? chosen?.id === props.value
      ? chosen
      : (options.find((item) => item.id === props.value) ?? {
          id: props.value,
          displayName: props.valueLabel ?? props.value,
        })
    : null;

  const loadMoreAtEnd = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 16;
    if (atEnd && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  return (
    <Autocomplete<LookupItem>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      options={options}
      // The server has filtered already; the browser must not filter again.
      filterOptions={(items) => items}
      getOptionLabel={(item) => item.displayName}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionDisabled={props.isOptionDisabled}
      loading={pages.isFetching}
      loadingText={t('identity:crud.loading')}
      noOptionsText={t('identity:crud.noOptions')}
      disabled={props.disabled}
      onInputChange={(_event, text, reason) => {
        // Choosing an option also sets the text; only typing changes the search.
        if (reason === 'input' || reason === 'clear') setInput(reason === 'clear' ? '' : text);
      }}
      onChange={(_event, item) => {
        setChosen(item);
        setInput('');
        props.onChange(item?.id ?? null, item);
      }}
      slotProps={{ listbox: { onScroll: loadMoreAtEnd } }}
      renderOption={(optionProps, item) => (
        <li {...optionProps} key={item.id}>
          {item.displayName}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          error={Boolean(props.error)}
          helperText={props.error ?? props.helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props['data-testid'] },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {pages.isFetching && <CircularProgress color="inherit" size={18} />}
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

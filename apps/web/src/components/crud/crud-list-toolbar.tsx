import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../screen-title';
import { ExportButton } from './export-button';

interface CrudListToolbarProps {
  /** Absent when the list sits under a heading of its host (a tab, a section): then no screen title. */
  title?: string;
  searchText: string;
  /** What the search box says ("Search" unless told). */
  searchLabel?: string;
  /** Absent when the list has no free-text search: then there is no search box. */
  onSearchChange?(text: string): void;
  /** Namespaced key of the entity noun; with `onCreate`, the create button says "Create <entity>". */
  entityKey: string;
  /** Absent when the user may not create: then there is no button. */
  onCreate?(): void;
  /** Present when the list can be downloaded as a spreadsheet. */
  onExport?(): Promise<void>;
  /** The screen's own buttons, before export and create. */
  actions?: ReactNode;
}

/**
 * Title, search box, the screen's own buttons, export and create buttons above a management list,
 * each when it applies.
 */
export function CrudListToolbar({
  title,
  searchText,
  searchLabel,
  onSearchChange,
  entityKey,
  onCreate,
  onExport,
  actions,
}: CrudListToolbarProps) {
  const { t } = useTranslation();
  const heading = title === undefined ? null : <ScreenTitle>{title}</ScreenTitle>;
  if (!onSearchChange && !onExport && !onCreate && !actions) return heading;
  const searchPrompt = searchLabel ?? t('identity:crud.search');
  return (
    <>
      {heading}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between' }}
      >
        {onSearchChange && (
          <TextField
            size="small"
            value={searchText}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder={searchPrompt}
            slotProps={{
              htmlInput: { 'data-testid': 'crud-search', 'aria-label': searchPrompt },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ minWidth: 280 }}
          />
        )}
        {/* Without a search box the buttons still sit at the end of the row. */}
        <Stack direction="row" spacing={1} sx={onSearchChange ? undefined : { ml: 'auto' }}>
          {actions}
          {onExport && <ExportButton onExport={onExport} />}
          {onCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate} data-testid="crud-create">
              {t('identity:crud.create', { entity: t(entityKey) })}
            </Button>
          )}
        </Stack>
      </Stack>
    </>
  );
}

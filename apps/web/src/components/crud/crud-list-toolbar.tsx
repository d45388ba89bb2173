import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../screen-title';
import { ExportButton } from './export-button';

interface CrudListToolbarProps {
  title: string;
  searchText: string;
  /** Absent when the list has no free-text search: then there is no search box. */
  onSearchChange?(text: string): void;
  /** Namespaced key of the entity noun; with `onCreate`, the create button says "Create <entity>". */
  entityKey: string;
  /** Absent when the user may not create: then there is no button. */
  onCreate?(): void;
  /** Present when the list can be downloaded as a spreadsheet. */
  onExport?(): Promise<void>;
}

/** Title, search box, export and create buttons above a management list, each when it applies. */
export function CrudListToolbar({
  title,
  searchText,
  onSearchChange,
  entityKey,
  onCreate,
  onExport,
}: CrudListToolbarProps) {
  const { t } = useTranslation();
  if (!onSearchChange && !onExport && !onCreate) return <ScreenTitle>{title}</ScreenTitle>;
  return (
    <>
      <ScreenTitle>{title}</ScreenTitle>
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
            placeholder={t('identity:crud.search')}
            slotProps={{
              htmlInput: { 'data-testid': 'crud-search', 'aria-label': t('identity:crud.search') },
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

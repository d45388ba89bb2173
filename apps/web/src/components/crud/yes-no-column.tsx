import CheckIcon from '@mui/icons-material/Check';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/** A boolean column shown as a check mark, with "Yes"/"No" for screen readers. */
export function yesNoColumn<TItem extends GridValidRowModel>(
  t: (key: string) => string,
  field: keyof TItem & string,
  headerKey: string,
): GridColDef<TItem> {
  return {
    field,
    headerName: t(headerKey),
    // Wide enough for the longest of these headers in English and Danish ("Text message").
    width: 130,
    renderCell: ({ value }) =>
      value === true ? (
        <CheckIcon
          fontSize="small"
          color="success"
          aria-label={t('identity:crud.yes')}
          sx={{ verticalAlign: 'middle' }}
        />
      ) : (
        <span aria-label={t('identity:crud.no')} />
      ),
  };
}

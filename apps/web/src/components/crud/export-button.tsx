import { useState } from 'react';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';

interface ExportButtonProps {
  /** Starts the download of the list as it is filtered now. */
  onExport(): Promise<void>;
}

/** "Export" above a list: downloads an xlsx of every matching row; a failure shows a toast. */
export function ExportButton({ onExport }: ExportButtonProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch {
      notify.error(t('identity:crud.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      onClick={() => void run()}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} /> : <FileDownloadIcon />}
      data-testid="crud-export"
    >
      {t('identity:crud.export')}
    </Button>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DialogLoadingContent } from '../../components/crud/dialog-loading-content';
import { EntityChangeCard } from './entity-change-card';
import { ENTITY_HISTORY_LIMIT, useEntityHistory, type EntityRef } from './get-entity-history';

interface EntityHistoryDialogProps {
  /** The entity whose history to show; null keeps the dialog closed. */
  entity: EntityRef | null;
  onClose(): void;
}

/** "History of this entity": every recorded change of one row, newest first. */
export function EntityHistoryDialog({ entity, onClose }: EntityHistoryDialogProps) {
  const { t } = useTranslation();
  const history = useEntityHistory(entity);
  return (
    <Dialog open={entity !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {t('audit:history.title', { entityType: entity?.entityType ?? '', entityId: entity?.entityId ?? '' })}
      </DialogTitle>
      {history.data ? (
        <>
          <DialogContent data-testid="entity-history">
            {history.data.items.length === 0 ? (
              <Typography color="text.secondary">{t('audit:history.empty')}</Typography>
            ) : (
              <Stack spacing={1.5}>
                {history.data.items.map((change) => (
                  <EntityChangeCard key={change.id} change={change} />
                ))}
              </Stack>
            )}
            {history.data.totalCount > ENTITY_HISTORY_LIMIT && (
              <Typography variant="caption" color="text.secondary" sx={{ mt: 1, display: 'block' }}>
                {t('audit:history.newestOnly', {
                  limit: ENTITY_HISTORY_LIMIT,
                  total: history.data.totalCount,
                })}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('audit:close')}</Button>
          </DialogActions>
        </>
      ) : (
        <DialogLoadingContent
          failed={history.isError}
          failedText={t('audit:history.loadFailed')}
          onRetry={() => void history.refetch()}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EntityChange } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { EntityChangeTable } from './entity-change-table';
import type { EntityRef } from './get-entity-history';

interface EntityChangeCardProps {
  change: EntityChange;
  /** Shown as a button opening the entity's history; absent inside the history itself. */
  onShowHistory?(entity: EntityRef): void;
}

/** One entity change: what, when and how, and its properties. */
export function EntityChangeCard({ change, onShowHistory }: EntityChangeCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`entity-change-card-${change.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">
          {t(`audit:changeTypes.${change.changeType}`)} · {change.entityType} · {change.entityId}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {new Date(change.changeTime).toLocaleString(i18n.language, {
            dateStyle: 'short',
            timeStyle: 'medium',
          })}
        </Typography>
        {onShowHistory && (
          <Button
            size="small"
            sx={{ ml: 'auto' }}
            onClick={() => onShowHistory({ entityType: change.entityType, entityId: change.entityId })}
            data-testid={`entity-history-open-${change.id}`}
          >
            {t('audit:history.open')}
          </Button>
        )}
      </Stack>
      <EntityChangeTable changes={change.propertyChanges} />
    </Paper>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditLogDetail } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { DialogLoadingContent } from '../../components/crud/dialog-loading-content';
import { EntityChangeCard } from './entity-change-card';
import { useAuditLog } from './get-audit-log';
import type { EntityRef } from './get-entity-history';

interface AuditLogDetailDialogProps {
  /** The entry to show; null keeps the dialog closed. */
  auditLogId: string | null;
  onClose(): void;
  onShowHistory(entity: EntityRef): void;
}

const REQUEST_FIELDS = [
  'httpMethod',
  'url',
  'statusCode',
  'durationMs',
  'userName',
  'tenantId',
  'impersonatorUserId',
  'clientIp',
  'browserInfo',
  'correlationId',
  'exceptions',
  'comments',
] as const;

/** One audit entry: the request as recorded, then the entity changes its transaction made. */
export function AuditLogDetailDialog({ auditLogId, onClose, onShowHistory }: AuditLogDetailDialogProps) {
  const { t } = useTranslation();
  const detail = useAuditLog(auditLogId);
  return (
    <Dialog open={auditLogId !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('audit:detail.title')}</DialogTitle>
      {detail.data ? (
        <>
          <DialogContent data-testid="audit-log-detail">
            <RequestFields log={detail.data} />
            <Typography variant="h6" sx={{ mt: 3, mb: 1 }}>
              {t('audit:detail.entityChanges')}
            </Typography>
            {detail.data.entityChanges.length === 0 ? (
              <Typography color="text.secondary" data-testid="audit-log-detail-no-changes">
                {t('audit:detail.noEntityChanges')}
              </Typography>
            ) : (
              <Stack spacing={1.5}>
                {detail.data.entityChanges.map((change) => (
                  <EntityChangeCard key={change.id} change={change} onShowHistory={onShowHistory} />
                ))}
              </Stack>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('audit:close')}</Button>
          </DialogActions>
        </>
      ) : (
        <DialogLoadingContent
          failed={detail.isError}
          failedText={t('audit:detail.loadFailed')}
          onRetry={() => void detail.refetch()}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RequestFields({ log }: { log: AuditLogDetail }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [
      t('audit:fields.executionTime'),
      new Date(log.executionTime).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }),
    ],
    ...REQUEST_FIELDS.filter((field) => log[field] !== null && log[field] !== '').map(
      (field) => [t(`audit:fields.${field}`), String(log[field])] as [string, string],
    ),
  ];
  return (
    <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
      {rows.map(([label, value]) => (
        <Stack key={label} direction="row" spacing={2}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 160 }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

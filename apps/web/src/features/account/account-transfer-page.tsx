import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { ScreenTitle } from '../../components/screen-title';
import { useAcceptTransfer, useAccountTransfer } from './api/account-transfer';

/**
 * `/account/transfer/:fromUserId/:toUserId?token=…`, the link in the transfer e-mail (step 2): the
 * receiver, signed in as the person it names, accepts and becomes the household's owner.
 */
export default function AccountTransferPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { fromUserId = '', toUserId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { currentUser } = useAppConfiguration();
  const isReceiver = Boolean(currentUser) && currentUser?.id === toUserId;
  const state = useAccountTransfer(isReceiver);
  const accept = useAcceptTransfer();
  const [failure, setFailure] = useState<string | undefined>();

  const pending = state.data?.pending;
  const from = pending?.forMe && pending.from.id === fromUserId ? pending.from.name : undefined;

  const submit = async () => {
    setFailure(undefined);
    try {
      await accept.mutateAsync({ fromUserId, toUserId, token });
      notify.success(t('profile:transfer.accept.accepted'));
      await navigate('/account', { replace: true });
    } catch (error) {
      const reason = apiErrorText(t, error);
      setFailure(reason);
      notify.error(t('profile:transfer.accept.failed', { reason }));
    }
  };

  let body;
  if (!token) {
    body = <Alert severity="warning">{t('profile:transfer.accept.missingToken')}</Alert>;
  } else if (!isReceiver) {
    body = (
      <Alert severity="warning" data-testid="account-transfer-wrong-user">
        {t('profile:transfer.accept.wrongUser')}
      </Alert>
    );
  } else if (state.isLoading) {
    body = <CircularProgress aria-label={t('identity:crud.loading')} />;
  } else if (!from) {
    body = <Alert severity="warning">{t('profile:transfer.errors.linkInvalid')}</Alert>;
  } else {
    body = (
      <>
        <Typography sx={{ mb: 2 }}>{t('profile:transfer.accept.intro', { name: from })}</Typography>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <Box>
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={accept.isPending}
            startIcon={accept.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
            data-testid="account-transfer-accept"
          >
            {t('profile:transfer.accept.button')}
          </Button>
        </Box>
      </>
    );
  }

  return (
    <>
      <ScreenTitle>{t('profile:transfer.accept.title')}</ScreenTitle>
      <Card variant="outlined" data-testid="account-transfer-accept-page" sx={{ maxWidth: 640 }}>
        <CardContent>{body}</CardContent>
      </Card>
    </>
  );
}

import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CardSetupResponse } from '@homeward/contracts';
import { useNotify } from '../../app/notifications/use-notify';
import { useAddCard } from './api/add-card';
import { localCardTokenizer } from './api/confirm-local-card';
import { cardSetupQueryOptions } from './api/start-card-setup';
import { billingErrorKey, type BillingErrorLike, type BillingErrorSource } from './billing-error-text';
import { billingFailureText } from './billing-failure-text';
import { SectionLoading } from './billing-section';
import { CardForm } from './card-form';

export interface AddCardDialogProps {
  /** Counts the dialog's openings: each gets a card setup of its own. */
  attempt: number;
  /** The household has no card yet: the new one is the default unless unticked. */
  firstCard: boolean;
  onClose(): void;
  /** The clock the local card fields check the expiry against. */
  now?: () => Date;
}

/**
 * "Add card": starts a card setup, takes the card in the processor's card element (Stripe) or the
 * local provider's fields, then saves the confirmed card, optionally as the default.
 */
export function AddCardDialog({ attempt, firstCard, onClose, now }: AddCardDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const notify = useNotify();
  const setup = useQuery(cardSetupQueryOptions(attempt));
  const addCard = useAddCard();
  const [makeDefault, setMakeDefault] = useState(firstCard);

  const save = async ({ paymentMethodId }: { paymentMethodId: string }) => {
    try {
      const card = await addCard.mutateAsync({ paymentMethodId, makeDefault });
      notify.success(t('billingAccount:toasts.cardAdded', { last4: card.last4 }));
      onClose();
    } catch (error) {
      notify.error(t('billingAccount:toasts.cardAddFailed', { reason: billingFailureText(t, error) }));
    }
  };

  // The card form shows its own findings at the fields; the processor's refusal is toasted too.
  const failed = (error: BillingErrorLike, source: BillingErrorSource) => {
    if (source === 'processor')
      notify.error(t('billingAccount:toasts.cardAddFailed', { reason: t(billingErrorKey(error)) }));
  };

  const cancel = (
    <Button onClick={onClose} disabled={addCard.isPending}>
      {t('billingAccount:cancel')}
    </Button>
  );

  return (
    <Dialog
      open
      onClose={addCard.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{t('billingAccount:cards.addTitle')}</DialogTitle>
      <DialogContent>
        {setup.isPending ? (
          <SectionLoading label={t('billing:cardForm.loading')} />
        ) : setup.isError || !cardFormCanLoad(setup.data) ? (
          <Alert severity="error" data-testid="card-setup-failed" action={cancel}>
            {setup.isError ? billingFailureText(t, setup.error) : t('billing:cardForm.loadFailed')}
          </Alert>
        ) : (
          <>
            <FormControlLabel
              sx={{ mb: 1 }}
              label={t('billingAccount:cards.makeDefault')}
              control={
                <Checkbox
                  checked={makeDefault}
                  onChange={(event) => setMakeDefault(event.target.checked)}
                  slotProps={{
                    // @ts-expect-error data attributes pass through to the input
                    input: { 'data-testid': 'add-card-make-default' },
                  }}
                />
              }
            />
            {setup.data.provider === 'stripe' ? (
              <CardForm
                publishableKey={setup.data.publishableKey!}
                setupIntentClientSecret={setup.data.clientSecret}
                onAdded={(card) => void save(card)}
                onFailed={failed}
                actions={cancel}
              />
            ) : (
              <CardForm
                tokenize={localCardTokenizer(setup.data.clientSecret)}
                onAdded={(card) => void save(card)}
                onFailed={failed}
                actions={cancel}
                now={now}
              />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Stripe's card element needs the publishable key; without one configured it cannot load. */
function cardFormCanLoad(setup: CardSetupResponse): boolean {
  return setup.provider === 'local' || !!setup.publishableKey;
}

import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { billingErrorKey, type BillingErrorLike, type BillingErrorSource } from './billing-error-text';
import { isSavedCard, type CardEntry, type TokenizeCard } from './card-entry';
import { LocalCardFields } from './local-card-fields';
import { StripeCardField } from './stripe-card-field';

interface CommonCardFormProps {
  /** The card was saved with the processor. */
  onAdded(card: { paymentMethodId: string }): void;
  /** Adding failed (for a toast); the form shows the error itself. */
  onFailed?(error: BillingErrorLike, source: BillingErrorSource): void;
  /** More buttons beside "Add card", e.g. a dialog's Cancel. */
  actions?: ReactNode;
  /** The clock the local fields check the expiry against. */
  now?: () => Date;
}

/**
 * Which card entry takes the card follows the app configuration: Stripe's card element when a
 * publishable key is configured, else the local provider's fields (pass no key, not an empty one).
 */
export type CardFormProps = CommonCardFormProps &
  (
    | { publishableKey?: null; tokenize: TokenizeCard; setupIntentClientSecret?: never }
    | { publishableKey: string; setupIntentClientSecret: string; tokenize?: never }
  );

/** The form to add a card: the card entry, the processor's error and the submit button. */
export function CardForm(props: CardFormProps) {
  const { onAdded, onFailed, actions, now } = props;
  const { t } = useTranslation();
  const entry = useRef<CardEntry>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<BillingErrorLike>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !entry.current) return;
    setBusy(true);
    setFailure(undefined);
    const result = await entry.current.confirm();
    setBusy(false);
    if (isSavedCard(result)) {
      onAdded(result);
      return;
    }
    // The card entry shows its own findings on the fields; the processor's answer is shown here.
    if (result.source === 'processor') setFailure(result.error);
    onFailed?.(result.error, result.source);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="card-form">
      <Stack spacing={2}>
        {typeof props.publishableKey === 'string' ? (
          <StripeCardField
            ref={entry}
            publishableKey={props.publishableKey}
            setupIntentClientSecret={props.setupIntentClientSecret}
          />
        ) : (
          <LocalCardFields ref={entry} tokenize={props.tokenize} disabled={busy} now={now} />
        )}
        {failure && (
          <Alert severity="error" data-testid="card-form-error">
            {t(billingErrorKey(failure))}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {actions}
          <Button type="submit" variant="contained" disabled={busy} data-testid="card-form-submit">
            {busy ? t('billing:cardForm.submitting') : t('billing:cardForm.submit')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

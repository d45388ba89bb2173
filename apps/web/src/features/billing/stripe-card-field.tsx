import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { CardBrand } from '@homeward/contracts';
import { billingErrorKey, type BillingErrorLike } from './billing-error-text';
import { CardBrandLogo } from './card-brand-logo';
import type { CardEntry } from './card-entry';
import { mountStripeCard, type StripeCardOptions, type StripeCardSession } from './stripe-card-entry';

export interface StripeCardFieldProps {
  /** Receives the card entry the card form confirms. */
  ref?: Ref<CardEntry>;
  publishableKey: string;
  /** The client secret of the SetupIntent the server created for this card. */
  setupIntentClientSecret: string;
}

const ELEMENT_LOCALES = ['en', 'da', 'sv', 'de'] as const;

function elementLocale(language: string | undefined): StripeCardOptions['locale'] {
  const code = language?.slice(0, 2);
  return ELEMENT_LOCALES.find((locale) => locale === code) ?? 'auto';
}

type Status = 'loading' | 'ready' | 'failed';

/**
 * The card typed into Stripe's own card element, which sends it to Stripe directly; confirming
 * attaches it to the SetupIntent. The element's checks read as the local form's do.
 */
export function StripeCardField({ ref, publishableKey, setupIntentClientSecret }: StripeCardFieldProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const labelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const session = useRef<StripeCardSession | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [brand, setBrand] = useState<CardBrand>('unknown');
  const [error, setError] = useState<BillingErrorLike>();

  const locale = elementLocale(i18n.language);
  const text = theme.palette.text.primary;
  const placeholder = theme.palette.text.secondary;
  const errorColor = theme.palette.error.main;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    setStatus('loading');
    mountStripeCard({
      publishableKey,
      container: element,
      locale,
      colors: { text, placeholder, error: errorColor },
      onChange(change) {
        setBrand(change.brand);
        setError(change.error);
      },
    }).then(
      (mounted) => {
        // Unmounted (or the key changed) while Stripe.js was loading.
        if (cancelled) return mounted.destroy();
        session.current = mounted;
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      session.current?.destroy();
      session.current = null;
    };
  }, [publishableKey, locale, text, placeholder, errorColor]);

  useImperativeHandle(
    ref,
    () => ({
      async confirm() {
        if (!session.current) return { error: { code: 'api_error' }, source: 'processor' };
        const result = await session.current.confirm(setupIntentClientSecret);
        if ('error' in result && result.source === 'card-form') setError(result.error);
        return result;
      },
    }),
    [setupIntentClientSecret],
  );

  const helper =
    status === 'failed'
      ? t('billing:cardForm.loadFailed')
      : status === 'loading'
        ? t('billing:cardForm.loading')
        : error
          ? t(billingErrorKey(error, { source: 'card-form' }))
          : undefined;

  return (
    <FormControl fullWidth error={status === 'failed' || !!error}>
      <FormLabel id={labelId} sx={{ mb: 1 }}>
        {t('billing:cardForm.cardDetails')}
      </FormLabel>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 1.75,
          py: 2,
          border: 1,
          borderRadius: 1,
          borderColor: error ? 'error.main' : 'divider',
        }}
      >
        <Box data-testid="card-brand" data-brand={brand}>
          <CardBrandLogo brand={brand} height={20} />
        </Box>
        <Box
          ref={container}
          role="group"
          aria-labelledby={labelId}
          aria-busy={status === 'loading'}
          data-testid="stripe-card-element"
          sx={{ flex: 1 }}
        />
      </Box>
      {helper && <FormHelperText role={error ? 'alert' : undefined}>{helper}</FormHelperText>}
    </FormControl>
  );
}

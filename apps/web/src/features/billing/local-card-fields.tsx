import { useId, useImperativeHandle, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  CARD_FIELDS,
  cardNumberLength,
  cvcLength,
  detectCardBrand,
  toCardDetails,
  validateCard,
  type CardField,
  type CardInput,
} from '@homeward/contracts';
import { billingErrorKey, toBillingError, type BillingErrorLike } from './billing-error-text';
import { CardBrandLogo } from './card-brand-logo';
import type { CardEntry, CardEntryResult, TokenizeCard } from './card-entry';
import { POSTAL_CODE_MAX_LENGTH, formatCardNumber, formatCvc, formatExpiry } from './card-format';

export interface LocalCardFieldsProps {
  /** Receives the card entry the card form confirms. */
  ref?: Ref<CardEntry>;
  tokenize: TokenizeCard;
  disabled?: boolean;
  /** The clock the expiry is checked against. */
  now?: () => Date;
}

const EMPTY: CardInput = { number: '', expiry: '', cvc: '', postalCode: '' };
const NOT_TOUCHED: Record<CardField, boolean> = {
  number: false,
  expiry: false,
  cvc: false,
  postalCode: false,
};
const currentTime = () => new Date();

/**
 * Whether a field shows its problem yet. Like the processor's card element, a wrong number or
 * expiry shows as soon as it can be told; everything else once the field is left or the card is
 * submitted, so nobody reads "incomplete" while still typing.
 */
function isShown(field: CardField, error: BillingErrorLike, touched: boolean, submitted: boolean): boolean {
  if (touched || submitted) return true;
  return (field === 'number' || field === 'expiry') && error.code.startsWith('invalid_');
}

/**
 * The local provider's card form: number (with the brand's logo while it is typed), expiry, CVC
 * and postal code, checked the way the processor's card element checks them. Only a card with
 * nothing wrong reaches `tokenize`.
 */
export function LocalCardFields({
  ref,
  tokenize,
  disabled = false,
  now = currentTime,
}: LocalCardFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<CardInput>(EMPTY);
  const [touched, setTouched] = useState(NOT_TOUCHED);
  const [submitted, setSubmitted] = useState(false);

  const brand = detectCardBrand(values.number);
  const errors = validateCard(values, now());

  useImperativeHandle(
    ref,
    () => ({
      async confirm(): Promise<CardEntryResult> {
        setSubmitted(true);
        const found = validateCard(values, now());
        const first = CARD_FIELDS.find((field) => found[field]);
        if (first) {
          document.getElementById(`${id}-${first}`)?.focus();
          return { error: found[first]!, source: 'card-form' };
        }
        try {
          const result = await tokenize(toCardDetails(values));
          if ('paymentMethodId' in result && typeof result.paymentMethodId === 'string') {
            return { paymentMethodId: result.paymentMethodId };
          }
          return { error: toBillingError(result), source: 'processor' };
        } catch (error) {
          return { error: toBillingError(error), source: 'processor' };
        }
      },
    }),
    [values, tokenize, now, id],
  );

  const field = (name: CardField) => {
    const error = errors[name];
    const shown = error && isShown(name, error, touched[name], submitted) ? error : undefined;
    return {
      id: `${id}-${name}`,
      name,
      value: values[name],
      disabled,
      fullWidth: true,
      error: !!shown,
      helperText: shown ? t(billingErrorKey(shown, { source: 'card-form' })) : undefined,
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    };
  };

  const change = (name: CardField, value: string) => setValues((current) => ({ ...current, [name]: value }));

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' },
        '& > :first-of-type': { gridColumn: '1 / -1' },
      }}
    >
      <TextField
        {...field('number')}
        label={t('billing:cardForm.number')}
        placeholder={t('billing:cardForm.numberPlaceholder')}
        onChange={(event) => change('number', formatCardNumber(event.target.value))}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            autoComplete: 'cc-number',
            // Digits plus the spaces between the groups.
            maxLength: cardNumberLength(brand) + 3,
            'data-testid': 'card-number',
          },
          input: {
            endAdornment: (
              <InputAdornment position="end" data-testid="card-brand" data-brand={brand}>
                <CardBrandLogo brand={brand} height={20} />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        {...field('expiry')}
        label={t('billing:cardForm.expiry')}
        placeholder={t('billing:cardForm.expiryPlaceholder')}
        onChange={(event) => change('expiry', formatExpiry(event.target.value))}
        slotProps={{
          htmlInput: { inputMode: 'numeric', autoComplete: 'cc-exp', 'data-testid': 'card-expiry' },
        }}
      />
      <TextField
        {...field('cvc')}
        label={t('billing:cardForm.cvc')}
        placeholder={t('billing:cardForm.cvcPlaceholder')}
        onChange={(event) => change('cvc', formatCvc(event.target.value, brand))}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            autoComplete: 'cc-csc',
            maxLength: cvcLength(brand),
            'data-testid': 'card-cvc',
          },
        }}
      />
      <TextField
        {...field('postalCode')}
        label={t('billing:cardForm.postalCode')}
        onChange={(event) => change('postalCode', event.target.value.slice(0, POSTAL_CODE_MAX_LENGTH))}
        slotProps={{
          htmlInput: {
            autoComplete: 'postal-code',
            maxLength: POSTAL_CODE_MAX_LENGTH,
            'data-testid': 'card-postal-code',
          },
        }}
      />
    </Box>
  );
}

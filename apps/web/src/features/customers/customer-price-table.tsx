import { useState } from 'react';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { formatMoney, type CustomerPrice, type CustomerPricing } from '@homeward/contracts';
import { setCustomerPrices } from './customer-pricing';
import { usePricingMutation } from './use-pricing-mutation';

interface Props {
  customerId: string;
  pricing: CustomerPricing;
  canManage: boolean;
}

/** Each catalogue product with its list price, the customer's own price (editable) and the net price. */
export function CustomerPriceTable({ customerId, pricing, canManage }: Props) {
  const { t } = useTranslation();
  return (
    <Table size="small" data-testid="price-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('customers:pricing.product')}</TableCell>
          <TableCell>{t('customers:pricing.kind')}</TableCell>
          <TableCell align="right">{t('customers:pricing.listPrice')}</TableCell>
          <TableCell>{t('customers:pricing.customerPrice')}</TableCell>
          <TableCell align="right">{t('customers:pricing.netPrice')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {pricing.items.map((item) => (
          // Keyed by the saved price too, so the input shows the server's value after a save or reset.
          <PriceRow
            key={`${item.productId}:${item.customerPriceMinor}`}
            customerId={customerId}
            item={item}
            canManage={canManage}
          />
        ))}
      </TableBody>
    </Table>
  );
}

/** Minor units as the major-unit text an input shows ("1499.00"); null as empty. */
function toInput(minor: number | null): string {
  return minor === null ? '' : (minor / 100).toFixed(2);
}

/** The input back to minor units: '' is "list price" (null), anything not a price is NaN. */
function fromInput(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
}

function PriceRow({
  customerId,
  item,
  canManage,
}: {
  customerId: string;
  item: CustomerPrice;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(toInput(item.customerPriceMinor));
  const priceMinor = fromInput(text);
  const invalid = Number.isNaN(priceMinor);
  const save = usePricingMutation(
    () => setCustomerPrices(customerId, { prices: [{ productId: item.productId, priceMinor }] }),
    'customers:pricing.priceSaved',
  );
  const money = (minor: number) => formatMoney(minor, item.currency, i18n.language);
  return (
    <TableRow data-testid={`price-row-${item.productName}`}>
      <TableCell>{item.productName}</TableCell>
      <TableCell>{t(`products:kinds.${item.kind}`)}</TableCell>
      <TableCell align="right">{money(item.listPriceMinor)}</TableCell>
      <TableCell>
        <TextField
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          disabled={!canManage}
          error={invalid}
          helperText={
            invalid
              ? t('translation:validation.invalid', { field: t('customers:pricing.customerPrice') })
              : t('customers:pricing.priceHelper', { currency: item.currency })
          }
          slotProps={{
            // The column header names the field for sighted users; a screen reader hears the product too.
            htmlInput: {
              inputMode: 'decimal',
              'aria-label': t('customers:pricing.customerPriceOf', { product: item.productName }),
              'data-testid': `price-input-${item.productName}`,
            },
          }}
        />
        {canManage && (
          <Button
            sx={{ ml: 1, mt: 0.5 }}
            disabled={invalid || priceMinor === item.customerPriceMinor}
            loading={save.isPending}
            onClick={() => save.mutate(undefined)}
            aria-label={t('customers:pricing.savePriceOf', { product: item.productName })}
            data-testid={`price-save-${item.productName}`}
          >
            {t('customers:pricing.savePrice')}
          </Button>
        )}
      </TableCell>
      <TableCell align="right" data-testid={`net-price-${item.productName}`}>
        {money(item.netPriceMinor)}
      </TableCell>
    </TableRow>
  );
}

import { useState } from 'react';
import AddCardIcon from '@mui/icons-material/AddCard';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { knownCardBrand, type BillingCard } from '@homeward/contracts';
import { usePermission } from '../../app/auth/permissions';
import { useNotify } from '../../app/notifications/use-notify';
import { EmptyState } from '../../components/empty-state';
import { WrappingListItem } from '../../components/lists/wrapping-list-item';
import { useBillingCards } from './api/get-billing-cards';
import { useRemoveCard } from './api/remove-card';
import { useSetDefaultCard } from './api/set-default-card';
import { AddCardDialog } from './add-card-dialog';
import { formatCardExpiry } from './billing-display';
import { billingFailureText } from './billing-failure-text';
import { BillingSection, SectionLoading, SectionLoadingFailed } from './billing-section';
import { CardBrandLogo } from './card-brand-logo';
import { RemoveCardDialog } from './remove-card-dialog';

/**
 * The household's cards: brand logo, last four, expiry and which is the default (the one
 * charged); add, set default and remove, each with a toast.
 */
export function CardsSection({ now }: { now?: () => Date }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const canManage = usePermission('Homeward.Billing.ManageCards');
  const cards = useBillingCards();
  const setDefault = useSetDefaultCard();
  const remove = useRemoveCard();
  const [adding, setAdding] = useState(0);
  const [addOpen, setAddOpen] = useState(false);
  const [removing, setRemoving] = useState<BillingCard>();

  /** "Visa •••• 4242": how the card is named in labels, questions and toasts. */
  const nameOf = (card: BillingCard) =>
    `${t(`billing:brands.${knownCardBrand(card.brand)}`)} •••• ${card.last4}`;

  const makeDefault = async (card: BillingCard) => {
    try {
      await setDefault.mutateAsync(card.id);
      notify.success(t('billingAccount:toasts.cardDefault', { card: nameOf(card) }));
    } catch (error) {
      notify.error(t('billingAccount:toasts.cardDefaultFailed', { reason: billingFailureText(t, error) }));
    }
  };

  const removeCard = async (card: BillingCard) => {
    try {
      await remove.mutateAsync(card.id);
      notify.success(t('billingAccount:toasts.cardRemoved', { card: nameOf(card) }));
      setRemoving(undefined);
    } catch (error) {
      notify.error(t('billingAccount:toasts.cardRemoveFailed', { reason: billingFailureText(t, error) }));
    }
  };

  const list = cards.data?.cards ?? [];
  const busy = (card: BillingCard) =>
    (setDefault.isPending && setDefault.variables === card.id) ||
    (remove.isPending && remove.variables === card.id);

  return (
    <BillingSection
      id="billing-cards"
      title={t('billingAccount:cards.title')}
      action={
        canManage &&
        cards.isSuccess && (
          <Button
            variant="contained"
            startIcon={<AddCardIcon />}
            onClick={() => {
              setAdding((count) => count + 1);
              setAddOpen(true);
            }}
            data-testid="add-card"
          >
            {t('billingAccount:cards.add')}
          </Button>
        )
      }
    >
      {cards.isError ? (
        <SectionLoadingFailed onRetry={() => void cards.refetch()} />
      ) : cards.isPending ? (
        <SectionLoading label={t('billingAccount:cards.loading')} />
      ) : list.length === 0 ? (
        <EmptyState
          title={t('billingAccount:cards.empty')}
          description={t('billingAccount:cards.emptyDescription')}
        />
      ) : (
        <List aria-labelledby="billing-cards-title" disablePadding>
          {list.map((card) => (
            <WrappingListItem
              key={card.id}
              data-testid="billing-card"
              leading={<CardBrandLogo brand={card.brand} height={28} />}
              title={`•••• ${card.last4}`}
              titleTestId="billing-card-number"
              badges={
                card.isDefault && (
                  <Chip
                    size="small"
                    color="primary"
                    label={t('billingAccount:cards.default')}
                    data-testid="billing-card-default"
                  />
                )
              }
              actions={
                canManage && (
                  <>
                    {!card.isDefault && (
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={busy(card)}
                        onClick={() => void makeDefault(card)}
                        aria-label={t('billingAccount:cards.setDefaultLabel', { card: nameOf(card) })}
                        data-testid="billing-card-set-default"
                      >
                        {t('billingAccount:cards.setDefault')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      disabled={busy(card)}
                      onClick={() => setRemoving(card)}
                      aria-label={t('billingAccount:cards.removeLabel', { card: nameOf(card) })}
                      data-testid="billing-card-remove"
                    >
                      {t('billingAccount:cards.remove')}
                    </Button>
                  </>
                )
              }
            >
              <Typography variant="body2" color="text.secondary" data-testid="billing-card-expiry">
                {t('billingAccount:cards.expires', {
                  expiry: formatCardExpiry(card.expMonth, card.expYear),
                })}
              </Typography>
            </WrappingListItem>
          ))}
        </List>
      )}
      {addOpen && (
        <AddCardDialog
          attempt={adding}
          firstCard={list.length === 0}
          onClose={() => setAddOpen(false)}
          now={now}
        />
      )}
      {removing && (
        <RemoveCardDialog
          cardName={nameOf(removing)}
          isDefault={removing.isDefault}
          busy={remove.isPending}
          onConfirm={() => void removeCard(removing)}
          onClose={() => setRemoving(undefined)}
        />
      )}
    </BillingSection>
  );
}

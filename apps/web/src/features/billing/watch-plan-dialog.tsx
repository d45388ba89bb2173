import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WatchPlan, WatchPlanPrice } from '@homeward/contracts';
import { formatAmount } from './billing-display';

export interface WatchPlanDialogProps {
  /** `subscribe` a watch without a subscription, or `change` the plan of one. */
  mode: 'subscribe' | 'change';
  watchName: string;
  plans: WatchPlanPrice[];
  /** The plan chosen when the dialog opens (it is mounted for each opening). */
  initialPlan: WatchPlan;
  busy: boolean;
  /** The server's refusal, shown at the plan choice (e.g. annual's commitment). */
  failure?: string;
  onSubmit(plan: WatchPlan): void;
  onClose(): void;
}

/** Choosing a plan: each with its price per month; annual commits to 12 months, billed monthly. */
export function WatchPlanDialog({
  mode,
  watchName,
  plans,
  initialPlan,
  busy,
  failure,
  onSubmit,
  onClose,
}: WatchPlanDialogProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [plan, setPlan] = useState<WatchPlan>(initialPlan);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit(plan);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={submit} data-testid="watch-plan-form">
        <DialogTitle id={`${id}-title`}>
          {t(`billingAccount:subscriptions.${mode}Title`, { name: watchName })}
        </DialogTitle>
        <DialogContent>
          <FormControl error={!!failure} fullWidth>
            <FormLabel id={`${id}-plan`}>{t('billingAccount:plans.label')}</FormLabel>
            <RadioGroup
              aria-labelledby={`${id}-plan`}
              aria-describedby={failure ? `${id}-failure` : undefined}
              name="plan"
              value={plan}
              onChange={(event) => setPlan(event.target.value as WatchPlan)}
            >
              {plans.map((price) => (
                <FormControlLabel
                  key={price.plan}
                  value={price.plan}
                  sx={{ alignItems: 'flex-start', mt: 1 }}
                  control={<Radio sx={{ pt: 0.5 }} />}
                  label={
                    <>
                      <Typography>
                        {t(`billingAccount:plans.${price.plan}`)} ·{' '}
                        {t('billingAccount:plans.pricePerMonth', {
                          price: formatAmount(price.amount, price.currency, i18n.language),
                        })}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {price.commitmentMonths > 1
                          ? t('billingAccount:plans.commitment', { months: price.commitmentMonths })
                          : t('billingAccount:plans.noCommitment')}
                      </Typography>
                    </>
                  }
                />
              ))}
            </RadioGroup>
            {failure && (
              <FormHelperText id={`${id}-failure`} data-testid="watch-plan-error" role="alert">
                {failure}
              </FormHelperText>
            )}
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('billingAccount:cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} data-testid="watch-plan-submit">
            {t(`billingAccount:subscriptions.${mode}Submit`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

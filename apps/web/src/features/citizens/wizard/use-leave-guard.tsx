import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useBlocker, type Blocker } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Guards unsaved input: while `active`, navigating inside the app is held until the user confirms,
 * and closing or reloading the tab shows the browser's own question (`beforeunload`).
 */
export function useLeaveGuard(active: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
  return blocker;
}

interface LeaveConfirmDialogProps {
  open: boolean;
  onStay(): void;
  onLeave(): void;
}

/** "Leave the wizard? What you entered is lost." with Stay and Leave. */
export function LeaveConfirmDialog({ open, onStay, onLeave }: LeaveConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onStay} data-testid="citizen-leave-dialog">
      <DialogTitle>{t('citizens:wizard.leaveTitle')}</DialogTitle>
      <DialogContent>{t('citizens:wizard.leaveText')}</DialogContent>
      <DialogActions>
        <Button onClick={onStay} data-testid="citizen-leave-stay">
          {t('citizens:wizard.stay')}
        </Button>
        <Button color="error" variant="contained" onClick={onLeave} data-testid="citizen-leave-confirm">
          {t('citizens:wizard.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

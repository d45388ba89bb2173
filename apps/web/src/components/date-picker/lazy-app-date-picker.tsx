import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { AppDatePickerProps } from './app-date-picker';

const AppDatePicker = lazy(() => import('./app-date-picker').then((m) => ({ default: m.AppDatePicker })));

/** `AppDatePicker` loaded on first use, with a field-sized placeholder meanwhile. */
export function LazyAppDatePicker(props: AppDatePickerProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={56} />}>
      <AppDatePicker {...props} />
    </Suspense>
  );
}

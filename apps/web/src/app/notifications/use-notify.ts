import { createContext, useContext } from 'react';
import type { NotificationType } from '@homeward/contracts';

/** What every screen uses to tell the user something. Messages are already translated. */
export interface Notify {
  notify(message: string, type?: NotificationType, duration?: number): void;
  success(message: string, duration?: number): void;
  error(message: string, duration?: number): void;
  hide(): void;
}

export const NotifyContext = createContext<Notify | null>(null);

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside NotificationProvider');
  return notify;
}

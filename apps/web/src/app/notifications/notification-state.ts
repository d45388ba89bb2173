import { NOTIFICATION_DEFAULT_DURATION_MS, type NotificationType } from '@homeward/contracts';

/** The one notification on screen (spec §3 "Notification", §4). An empty message means hidden. */
export interface NotificationState {
  message: string;
  type: NotificationType;
  duration: number;
}

export const HIDDEN_NOTIFICATION: NotificationState = {
  message: '',
  type: 'info',
  duration: NOTIFICATION_DEFAULT_DURATION_MS,
};

export type NotificationAction =
  { kind: 'show'; message: string; type?: NotificationType; duration?: number } | { kind: 'hide' };

export function notificationReducer(
  _state: NotificationState,
  action: NotificationAction,
): NotificationState {
  if (action.kind === 'hide') return HIDDEN_NOTIFICATION;
  return {
    message: action.message,
    type: action.type ?? 'info',
    duration: action.duration ?? NOTIFICATION_DEFAULT_DURATION_MS,
  };
}

import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Toolbar from '@mui/material/Toolbar';
import { usePermission } from '../auth/permissions';
import { useIsAuthenticated } from '../auth/use-is-authenticated';
import { useReturnAfterSignIn } from '../auth/use-return-after-sign-in';
import { useRealtimeConnection } from '../realtime/use-realtime-connection';
import { AppTopBar } from './app-top-bar';
import { SideNav, SIDE_NAV_WIDTH } from './side-nav';

// Their own chunks, loaded only for users who see alarms or get messages (keeps the home route's
// bundle small).
const AlarmBanner = lazy(() =>
  import('../../features/alarms/alarm-banner').then((m) => ({ default: m.AlarmBanner })),
);
const MessageNotifications = lazy(() =>
  import('../../features/messages/message-notifications').then((m) => ({
    default: m.MessageNotifications,
  })),
);

function PageLoading() {
  return (
    <Box data-testid="page-loading" sx={{ display: 'grid', placeContent: 'center', py: 8 }}>
      <CircularProgress color="secondary" />
    </Box>
  );
}

/** Top bar, side navigation, the alarm banner, message toasts and the current screen; follows a completed sign-in back to where the user was. */
export function AppLayout() {
  useReturnAfterSignIn();
  useRealtimeConnection(useIsAuthenticated());
  const seesAlarms = usePermission('Homeward.Alarms');
  const getsMessages = usePermission('Homeward.Messages');
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppTopBar />
      <SideNav />
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          width: { md: `calc(100% - ${SIDE_NAV_WIDTH}px)` },
          p: { xs: 2, sm: 3 },
        }}
      >
        <Toolbar />
        {getsMessages && (
          <Suspense fallback={null}>
            <MessageNotifications />
          </Suspense>
        )}
        {seesAlarms && (
          <Suspense fallback={null}>
            <AlarmBanner />
          </Suspense>
        )}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

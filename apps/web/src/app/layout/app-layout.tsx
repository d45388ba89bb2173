import { lazy, Suspense, type ReactNode, type SyntheticEvent } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { usePermission } from '../auth/permissions';
import { useIsAuthenticated } from '../auth/use-is-authenticated';
import { useReturnAfterSignIn } from '../auth/use-return-after-sign-in';
import { WithQueryClient } from '../query/with-query-client';
import { preloadScreens } from '../routing/route-pages';
import { AppTopBar } from './app-top-bar';
import { PageLoading } from './page-loading';
import { SideNav, SIDE_NAV_WIDTH } from './side-nav';

// Their own chunks, loaded only for users who see alarms or get messages (keeps the home route's
// bundle small).
const AlarmBanner = lazy(() =>
  import('../../features/alarms/alarm-banner').then((m) => ({ default: m.AlarmBanner })),
);
// Only a signed-in user opens the realtime channel, never the anonymous home page.
const RealtimeConnection = lazy(() =>
  import('../realtime/use-realtime-connection').then((m) => ({ default: m.RealtimeConnection })),
);
const MessageNotifications = lazy(() =>
  import('../../features/messages/message-notifications').then((m) => ({
    default: m.MessageNotifications,
  })),
);

/**
 * A signed-in part of the shell. It uses react-query, which a user signed in at start has loaded
 * with the sign-in client.
 */
function SignedInPart({ when, children }: { when: boolean; children: ReactNode }) {
  if (!when) return null;
  return (
    <Suspense fallback={null}>
      <WithQueryClient>{children}</WithQueryClient>
    </Suspense>
  );
}

/** A pointer over, or focus on, one of the app's own links: the user may be about to open a screen. */
function reachForScreens(event: SyntheticEvent) {
  if (event.target instanceof Element && event.target.closest('a[href^="/"]')) void preloadScreens();
}

/** Top bar, side navigation, the alarm banner, message toasts and the current screen; follows a completed sign-in back to where the user was. */
export function AppLayout() {
  useReturnAfterSignIn();
  const authenticated = useIsAuthenticated();
  const seesAlarms = usePermission('Homeward.Alarms');
  const getsMessages = usePermission('Homeward.Messages');
  return (
    <Box
      sx={{ display: 'flex', minHeight: '100vh' }}
      onPointerOver={reachForScreens}
      onFocus={reachForScreens}
    >
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
        <SignedInPart when={authenticated}>
          <RealtimeConnection />
        </SignedInPart>
        <SignedInPart when={getsMessages}>
          <MessageNotifications />
        </SignedInPart>
        <SignedInPart when={seesAlarms}>
          <AlarmBanner />
        </SignedInPart>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

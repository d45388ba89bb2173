import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Toolbar from '@mui/material/Toolbar';
import { useIsAuthenticated } from '../auth/use-is-authenticated';
import { useReturnAfterSignIn } from '../auth/use-return-after-sign-in';
import { useRealtimeConnection } from '../realtime/use-realtime-connection';
import { AppTopBar } from './app-top-bar';
import { SideNav, SIDE_NAV_WIDTH } from './side-nav';

function PageLoading() {
  return (
    <Box data-testid="page-loading" sx={{ display: 'grid', placeContent: 'center', py: 8 }}>
      <CircularProgress color="secondary" />
    </Box>
  );
}

/** Top bar, side navigation and the current screen; follows a completed sign-in back to where the user was. */
export function AppLayout() {
  useReturnAfterSignIn();
  useRealtimeConnection(useIsAuthenticated());
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
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

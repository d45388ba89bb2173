import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../auth/no-access';
import { usePermission } from '../auth/permissions';
import { isSignInCallback, type SignInReturnState } from '../auth/sign-in-callback';
import { useSignInState } from '../auth/sign-in-state';
import { useIsAuthenticated } from '../auth/use-is-authenticated';
import { useLoadedConfiguration } from '../configuration/get-app-configuration';
import { isRouteFeatureOn, routeAt, routePermission } from './routes';
import { useFeatures } from './use-features';

function CentredStatus({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Box
      data-testid={testId}
      role="status"
      sx={{
        display: 'grid',
        placeContent: 'center',
        justifyItems: 'center',
        gap: 2,
        py: 8,
        textAlign: 'center',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * Guard of the protected route group: waits while the sign-in state loads, sends an anonymous
 * visitor to the provider (coming back to this screen afterwards), and shows a signed-in user
 * the screen only when they hold the route's permission.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const auth = useSignInState();
  const authenticated = useIsAuthenticated();
  const location = useLocation();
  const route = routeAt(location.pathname);
  // A screen the tenant has switched off is as closed as one the user lacks the permission for.
  const features = useFeatures();
  const isPlugAndPlay = useLoadedConfiguration()?.isPlugAndPlay ?? false;
  const permitted = usePermission(routePermission(route, isPlugAndPlay)) && isRouteFeatureOn(route, features);
  const redirectStarted = useRef(false);

  const mustSignIn = !authenticated && !auth.isLoading && !auth.activeNavigator;
  const returnTo = `${location.pathname}${location.search}`;
  const { signinRedirect } = auth;
  useEffect(() => {
    // Once per visit: if the redirect itself fails, the user retries with the button below
    // instead of the guard hammering an unreachable provider.
    if (!mustSignIn || redirectStarted.current || isSignInCallback(window.location)) return;
    redirectStarted.current = true;
    const state: SignInReturnState = { returnTo };
    void signinRedirect({ state });
  }, [mustSignIn, returnTo, signinRedirect]);

  if (authenticated) return permitted ? children : <NoAccess />;

  if (auth.isLoading && !auth.activeNavigator) {
    return (
      <CentredStatus testId="auth-loading">
        <CircularProgress color="secondary" aria-label={t('loading')} />
      </CentredStatus>
    );
  }

  const failed = mustSignIn && auth.error !== undefined;
  return (
    <CentredStatus testId={failed ? 'sign-in-failed' : 'sign-in-redirecting'}>
      {!failed && <CircularProgress color="secondary" aria-label={t('redirecting')} />}
      <Typography>{failed ? t('errors.signInFailed') : t('redirecting')}</Typography>
      {failed && (
        <Button
          variant="contained"
          data-testid="sign-in-retry"
          onClick={() => void signinRedirect({ state: { returnTo } satisfies SignInReturnState })}
        >
          {t('retry')}
        </Button>
      )}
    </CentredStatus>
  );
}

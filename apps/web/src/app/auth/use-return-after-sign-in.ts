import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clearReturnNavigation, takeReturnNavigation } from './sign-in-callback';

/**
 * Lets the router follow the sign-in callback. The callback is processed above the router, which
 * does not see `history.replaceState`, so the router itself navigates (replacing the callback
 * entry) to the path the user was on before signing in. Mount once inside the router.
 */
export function useReturnAfterSignIn(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      takeReturnNavigation((path) => {
        clearReturnNavigation();
        void navigate(path, { replace: true });
      }),
    [navigate],
  );
}

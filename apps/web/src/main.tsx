import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Latin subset only, and only the weights the theme uses (regular, medium, bold).
import '@fontsource/montserrat/latin-400.css';
import '@fontsource/montserrat/latin-500.css';
import '@fontsource/montserrat/latin-700.css';
import { prefetchSignInClientIfLikelyNeeded } from './app/auth/load-sign-in-client';
import { AppBootstrap } from './app/bootstrap/app-bootstrap';
import { AppRouter } from './app/routing/app-router';
import { registerServiceWorker } from './features/push/register-service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

prefetchSignInClientIfLikelyNeeded();
// The installable app and alarms on the phone (Web Push); production builds only.
registerServiceWorker();

createRoot(root).render(
  <StrictMode>
    {/* No QueryClientProvider: react-query loads with the first part using it (with-query-client.tsx). */}
    <AppBootstrap>
      <AppRouter />
    </AppBootstrap>
  </StrictMode>,
);

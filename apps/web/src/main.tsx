import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
// Latin subset only, and only the weights the theme uses (regular, medium, bold).
import '@fontsource/montserrat/latin-400.css';
import '@fontsource/montserrat/latin-500.css';
import '@fontsource/montserrat/latin-700.css';
import { AppBootstrap } from './app/bootstrap/app-bootstrap';
import { createQueryClient } from './app/query/query-client';
import { AppRouter } from './app/routing/app-router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <AppBootstrap>
        <AppRouter />
      </AppBootstrap>
    </QueryClientProvider>
  </StrictMode>,
);

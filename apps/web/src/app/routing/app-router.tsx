import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppLayout } from '../layout/app-layout';
import { ProtectedScreens } from './protected-screens';
import { RouteErrorPage } from './route-error-page';
import { NotFoundPage, pageFor } from './route-pages';
import { APP_ROUTES, type RouteGroup } from './routes';

function routeObjects(group: RouteGroup): RouteObject[] {
  return APP_ROUTES.filter((route) => route.group === group).map((route) => ({
    path: route.path,
    element: pageFor(route.name, route.titleKey),
  }));
}

export const appRouteObjects: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...routeObjects('public'),
      {
        element: <ProtectedScreens />,
        children: routeObjects('protected'),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const router = createBrowserRouter(appRouteObjects);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

// The signed-in user's routes (spec §2): the role's table, a 404 for anything else, the error page for a role
// without routes or a page that fails to load.
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation } from 'wouter';
import type { CurrentUser } from '../../../contract/users';
import { ErrorPage } from '../pages/fixed/ErrorPage';
import { NotFoundPage } from '../pages/fixed/NotFoundPage';
import { PageView } from './PageView';
import { routesFor } from './route-tables';

function PageLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="p-6 text-sm text-gray-500">
      {t('app.loading')}
    </p>
  );
}

export function AppRoutes({ user }: { user: CurrentUser }) {
  const [location] = useLocation();
  const routes = routesFor(user);
  if (!routes) return <ErrorPage />;
  return (
    <ErrorBoundary fallback={<ErrorPage />} resetKeys={[location]}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          {routes.map((route) => (
            <Route key={route.path} path={route.path}>
              {(params) => <PageView page={route.page} user={user} params={params} />}
            </Route>
          ))}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

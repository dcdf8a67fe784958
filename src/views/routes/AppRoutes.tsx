// The signed-in user's routes (spec §2): the role's table, a 404 for anything else, the error page for a role
// without routes or a page that fails to load.
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Route, Switch, useLocation } from 'wouter';
import type { CurrentUser } from '../../../contract/users';
import { Loading } from '../components/Loading';
import { ErrorPage } from '../pages/fixed/ErrorPage';
import { NotFoundPage } from '../pages/fixed/NotFoundPage';
import { PageView } from './PageView';
import { routesFor } from './route-tables';

export function AppRoutes({ user }: { user: CurrentUser }) {
  const [location] = useLocation();
  const routes = routesFor(user);
  if (!routes) return <ErrorPage />;
  return (
    <ErrorBoundary fallback={<ErrorPage />} resetKeys={[location]}>
      <Suspense fallback={<Loading />}>
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

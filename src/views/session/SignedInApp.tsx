// Everything a signed-in session runs: the auth actor, the services bound to it, and the shell's actors.
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../../contract/users';
import { AuthContext } from '../../machines/auth/provider';
import { selectHasLostAccess } from '../../machines/auth/selectors';
import type { LoadedToken } from '../../machines/boot/machine';
import { ConnectivityContext } from '../../machines/connectivity/provider';
import { FiltersContext, readStoredHomeFilters } from '../../machines/filters/provider';
import { MenuContext } from '../../machines/menu/provider';
import { NotificationsProvider } from '../../machines/notifications/provider';
import { ServicesProvider } from '../../services/services-context';
import { isMobileWidth } from '../../services/viewport';
import { UnauthorizedPage } from '../pages/fixed/UnauthorizedPage';
import { Shell } from '../shell/Shell';

/** The session's services, or the unauthorized page once the server says the account has no access. */
function SessionServices({ children }: { children: ReactNode }) {
  const auth = AuthContext.useActorRef();
  const lostAccess = AuthContext.useSelector(selectHasLostAccess);
  if (lostAccess) {
    return (
      <main>
        <UnauthorizedPage />
      </main>
    );
  }
  return <ServicesProvider auth={auth}>{children}</ServicesProvider>;
}

export function SignedInApp({ user, token }: { user: CurrentUser; token: LoadedToken }) {
  const mobile = isMobileWidth(window.innerWidth);
  return (
    <AuthContext.Provider options={{ input: token }}>
      <SessionServices>
        <ConnectivityContext.Provider options={{ input: { online: navigator.onLine } }}>
          <MenuContext.Provider options={{ input: { mobile } }}>
            <NotificationsProvider admin={user.admin} mobile={mobile}>
              <FiltersContext.Provider options={{ input: { home: readStoredHomeFilters() } }}>
                <Shell user={user} impersonated={token.impersonated} />
              </FiltersContext.Provider>
            </NotificationsProvider>
          </MenuContext.Provider>
        </ConnectivityContext.Provider>
      </SessionServices>
    </AuthContext.Provider>
  );
}

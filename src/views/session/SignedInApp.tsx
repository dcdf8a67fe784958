// Everything a signed-in session runs: the auth actor, the services bound to it, and the shell's actors.
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../../contract/users';
import { AuthActorContext } from '../../machines/auth/provider';
import { selectHasLostAccess } from '../../machines/auth/selectors';
import type { SessionToken } from '../../services/session-token';
import { ConnectivityActorContext } from '../../machines/connectivity/provider';
import { FiltersActorContext, readStoredHomeFilters } from '../../machines/filters/provider';
import { MenuActorContext } from '../../machines/menu/provider';
import { NotificationsProvider } from '../../machines/notifications/provider';
import { ServicesProvider } from '../../services/services-context';
import { isMobileWidth } from '../../services/viewport';
import { UnauthorizedPage } from '../pages/fixed/UnauthorizedPage';
import { Shell } from '../shell/Shell';

/** The session's services, or the unauthorized page once the server says the account has no access. */
function SessionServices({ children }: { children: ReactNode }) {
  const auth = AuthActorContext.useActorRef();
  const lostAccess = AuthActorContext.useSelector(selectHasLostAccess);
  if (lostAccess) {
    return (
      <main>
        <UnauthorizedPage />
      </main>
    );
  }
  return <ServicesProvider auth={auth}>{children}</ServicesProvider>;
}

export function SignedInApp({ user, token }: { user: CurrentUser; token: SessionToken }) {
  const mobile = isMobileWidth(window.innerWidth);
  return (
    <AuthActorContext.Provider options={{ input: token }}>
      <SessionServices>
        <ConnectivityActorContext.Provider options={{ input: { online: navigator.onLine } }}>
          <MenuActorContext.Provider options={{ input: { mobile } }}>
            <NotificationsProvider admin={user.admin} mobile={mobile}>
              <FiltersActorContext.Provider options={{ input: { home: readStoredHomeFilters() } }}>
                <Shell user={user} impersonated={token.impersonated} />
              </FiltersActorContext.Provider>
            </NotificationsProvider>
          </MenuActorContext.Provider>
        </ConnectivityActorContext.Provider>
      </SessionServices>
    </AuthActorContext.Provider>
  );
}

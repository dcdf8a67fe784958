// Everything a signed-in session runs: the services bound to the session's auth actor, and the shell's actors.
import { useSelector } from '@xstate/react';
import type { CurrentUser } from '../../../contract/users';
import { selectIsImpersonated } from '../../machines/auth/selectors';
import { ConnectivityActorContext } from '../../machines/connectivity/provider';
import { ConversationIngestionsProvider } from '../../machines/conversation-ingestion/provider';
import { FiltersActorContext, readStoredHomeFilters } from '../../machines/filters/provider';
import { MenuActorContext } from '../../machines/menu/provider';
import { NotificationsProvider } from '../../machines/notifications/provider';
import type { AuthActor } from '../../services/api-client';
import { ServicesProvider } from '../../services/services-context';
import { isMobileWidth } from '../../services/viewport';
import { Shell } from '../shell/Shell';

export function SignedInApp({ user, auth }: { user: CurrentUser; auth: AuthActor }) {
  const mobile = isMobileWidth(window.innerWidth);
  const impersonated = useSelector(auth, selectIsImpersonated);
  return (
    <ServicesProvider auth={auth}>
      <ConnectivityActorContext.Provider options={{ input: { online: navigator.onLine } }}>
        <MenuActorContext.Provider options={{ input: { mobile } }}>
          <NotificationsProvider admin={user.admin} mobile={mobile}>
            <FiltersActorContext.Provider options={{ input: { home: readStoredHomeFilters() } }}>
              <ConversationIngestionsProvider session={auth}>
                <Shell user={user} impersonated={impersonated} />
              </ConversationIngestionsProvider>
            </FiltersActorContext.Provider>
          </NotificationsProvider>
        </MenuActorContext.Provider>
      </ConnectivityActorContext.Provider>
    </ServicesProvider>
  );
}

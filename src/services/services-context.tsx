// The signed-in session's services: the API client bound to the auth actor, and the shared live channel.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Observable } from 'rxjs';
import type { LiveMessage } from '../../contract/live';
import { createApiClient, type ApiClient, type AuthActor } from './api-client';
import { shouldRetryQuery } from './api-error';
import { createLiveChannel } from './socket';

export interface Services {
  api: ApiClient;
  liveMessages: Observable<LiveMessage>;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ auth, children }: { auth: AuthActor; children: ReactNode }) {
  const services = useMemo(() => {
    const api = createApiClient(auth);
    return { api, liveMessages: createLiveChannel(api.currentToken) };
  }, [auth]);
  // Spec §9: no refetch on window focus.
  const queryClient = useMemo(
    () =>
      new QueryClient({
        defaultOptions: { queries: { refetchOnWindowFocus: false, retry: shouldRetryQuery } },
      }),
    [],
  );
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ServicesContext.Provider>
  );
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider');
  return services;
}

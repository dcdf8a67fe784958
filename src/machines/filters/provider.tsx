// The filters actor, persisting through localStorage.
import { createActorContext } from '@xstate/react';
import { assign } from 'xstate';
import { createFilterStorage, defaultHomeFilters } from '../../services/filters/storage';
import { filtersMachine } from './machine';

const storage = createFilterStorage(window.localStorage);

export const FiltersContext = createActorContext(
  filtersMachine.provide({
    actions: {
      saveHomeFilters: (_, { filters }) => storage.writeHome(filters),
      saveCampaignFilters: (_, { campaignId, filters }) => storage.writeCampaign(campaignId, filters),
      loadCampaignFilters: assign({
        campaign: (_, { campaignId }: { campaignId: string }) => storage.readCampaign(campaignId),
      }),
      removeStoredFilters: () => storage.removeAll(),
      restoreDefaultFilters: assign({ home: () => defaultHomeFilters(), campaign: {} }),
    },
  }),
);

export const readStoredHomeFilters = () => storage.readHome();

// The filters actor, persisting through localStorage: its actions read storage and the clock and send what they
// read back to the machine.
import { createActorContext } from '@xstate/react';
import { createFilterStorage, defaultHomeFilters } from '../../services/filters/storage';
import { filtersMachine } from './machine';

const storage = createFilterStorage(window.localStorage);

export const FiltersActorContext = createActorContext(
  filtersMachine.provide({
    actions: {
      saveHomeFilters: (_, { filters }) => storage.writeHome(filters),
      saveCampaignFilters: (_, { campaignId, filters }) => storage.writeCampaign(campaignId, filters),
      loadCampaignFilters: ({ self }, { campaignId }) =>
        void storage
          .readCampaign(campaignId)
          .then((filters) => self.send({ type: 'storage.campaignFiltersRead', campaignId, filters })),
      removeStoredFilters: () => storage.removeAll(),
      restoreDefaultFilters: ({ self }) =>
        self.send({ type: 'defaults.homeFiltersRead', home: defaultHomeFilters() }),
    },
  }),
);

export const readStoredHomeFilters = () => storage.readHome();

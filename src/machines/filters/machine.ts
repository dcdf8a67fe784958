// Filters (spec §3, §4): home filters always saved; campaign filters saved per campaign and removed when none
// is set; entering a campaign loads its saved filters; leaving campaigns clears the campaign filters; reset
// removes every stored filter and restores the default time range. A walk through a campaign's list (decision
// 0209) asks here for that campaign's saved filters, so that this actor is the one reader and writer of them.
// Storage and the clock belong to the provider: its actions answer with events carrying what they read, and every
// context change happens here.
import { assign, setup } from 'xstate';
import type { ConversationFilters } from '../../../contract/conversations';
import type { HomeFilters } from '../../../contract/filters';
import { notImplemented } from '../not-implemented';

/**
 * The campaign filters that are set: the per-campaign filters of spec §3 and the conversation list's own (type,
 * agents, sentiment, language, period, search). An absent field is not set.
 */
export type SetCampaignFilters = ConversationFilters;

export interface FiltersContext {
  home: HomeFilters;
  campaignId: string | null;
  campaign: SetCampaignFilters;
  /** The campaign whose list a conversation's page walks through, and its saved filters once read. */
  walkCampaignId: string | null;
  walkFilters: SetCampaignFilters;
}

export interface FiltersInput {
  home: HomeFilters;
}

export type FiltersEvent =
  | { type: 'home.update'; filters: Partial<HomeFilters> }
  | { type: 'campaign.enter'; campaignId: string }
  | { type: 'campaign.leave' }
  | { type: 'campaign.update'; filters: SetCampaignFilters }
  | { type: 'filters.reset' }
  /** A conversation's page walks through the list of this campaign, with the filters the list saved. */
  | { type: 'walk.follow'; campaignId: string }
  /** The answer to `loadCampaignFilters`: what was saved for that campaign. */
  | { type: 'storage.campaignFiltersRead'; campaignId: string; filters: SetCampaignFilters }
  /** The answer to `restoreDefaultFilters`: the default home filters as of now. */
  | { type: 'defaults.homeFiltersRead'; home: HomeFilters };

export const filtersMachine = setup({
  types: {
    input: {} as FiltersInput,
    context: {} as FiltersContext,
    events: {} as FiltersEvent,
  },
  actions: {
    saveHomeFilters: (_, _params: { filters: HomeFilters }) => notImplemented('saveHomeFilters'),
    saveCampaignFilters: (_, _params: { campaignId: string; filters: SetCampaignFilters }) =>
      notImplemented('saveCampaignFilters'),
    loadCampaignFilters: (_, _params: { campaignId: string }) => notImplemented('loadCampaignFilters'),
    removeStoredFilters: () => notImplemented('removeStoredFilters'),
    restoreDefaultFilters: () => notImplemented('restoreDefaultFilters'),
    clearCampaignFilters: assign({ campaign: {} }),
    clearWalkFilters: assign({ walkFilters: {} }),
  },
  guards: {
    isOtherCampaign: ({ context, event }) =>
      event.type === 'campaign.enter' && event.campaignId !== context.campaignId,
    isCurrentCampaign: ({ context, event }) =>
      event.type === 'storage.campaignFiltersRead' && event.campaignId === context.campaignId,
    isOtherWalkedCampaign: ({ context, event }) =>
      event.type === 'walk.follow' && event.campaignId !== context.walkCampaignId,
    isWalkedCampaign: ({ context, event }) =>
      event.type === 'storage.campaignFiltersRead' && event.campaignId === context.walkCampaignId,
  },
}).createMachine({
  id: 'filters',
  description: 'The filters of the home view and of the campaign being looked at.',
  context: ({ input }) => ({
    home: input.home,
    campaignId: null,
    campaign: {},
    walkCampaignId: null,
    walkFilters: {},
  }),
  type: 'parallel',
  on: {
    'home.update': {
      actions: [
        assign({ home: ({ context, event }) => ({ ...context.home, ...event.filters }) }),
        { type: 'saveHomeFilters', params: ({ context }) => ({ filters: context.home }) },
      ],
    },
    'defaults.homeFiltersRead': { actions: assign({ home: ({ event }) => event.home }) },
  },
  states: {
    Campaign: {
      description: 'The campaign being looked at (its dashboard, its list) and its filters.',
      initial: 'OutsideCampaigns',
      on: {
        'filters.reset': {
          actions: ['removeStoredFilters', 'clearCampaignFilters', 'restoreDefaultFilters'],
          description: 'Every stored filter is removed; the time range goes back to the last month.',
        },
      },
      states: {
        OutsideCampaigns: {
          description: 'No campaign filters apply.',
          on: {
            'campaign.enter': {
              target: 'InCampaign',
              actions: assign({ campaignId: ({ event }) => event.campaignId }),
            },
          },
        },
        InCampaign: {
          description: "The campaign's filters apply and are saved as they change.",
          initial: 'ReadingSavedFilters',
          entry: [
            'clearCampaignFilters',
            {
              type: 'loadCampaignFilters',
              params: ({ context }) => ({ campaignId: context.campaignId as string }),
            },
          ],
          on: {
            'campaign.enter': {
              guard: 'isOtherCampaign',
              target: 'InCampaign',
              reenter: true,
              actions: assign({ campaignId: ({ event }) => event.campaignId }),
              description: 'Switching campaigns loads the saved filters of the new one.',
            },
            'campaign.leave': {
              target: 'OutsideCampaigns',
              actions: [assign({ campaignId: null }), 'clearCampaignFilters'],
              description: 'Leaving campaigns clears the campaign filters (their saved copies stay).',
            },
            'filters.reset': {
              target: '.FiltersApplied',
              actions: ['removeStoredFilters', 'clearCampaignFilters', 'restoreDefaultFilters'],
              description:
                'Every stored filter is removed, so the campaign has none: what storage answers afterwards is ignored.',
            },
          },
          states: {
            ReadingSavedFilters: {
              description:
                'Waiting for the filters saved for this campaign: lists wait too, so that they never load unfiltered first.',
              on: {
                'storage.campaignFiltersRead': {
                  guard: 'isCurrentCampaign',
                  target: 'FiltersApplied',
                  actions: assign({ campaign: ({ event }) => event.filters }),
                  description: 'The saved filters of the campaign entered apply.',
                },
              },
            },
            FiltersApplied: {
              description: "The campaign's filters are known; each change applies and is saved at once.",
              tags: ['campaignFiltersReady'],
              on: {
                'campaign.update': {
                  actions: [
                    assign({ campaign: ({ context, event }) => ({ ...context.campaign, ...event.filters }) }),
                    {
                      type: 'saveCampaignFilters',
                      params: ({ context }) => ({
                        campaignId: context.campaignId as string,
                        filters: context.campaign,
                      }),
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
    Walk: {
      description:
        "The campaign whose list a conversation's page walks through, and the filters that list saved.",
      initial: 'NotWalking',
      states: {
        NotWalking: {
          description: 'No walk through a list asked for its filters since a campaign was last entered.',
          on: {
            'walk.follow': {
              target: 'Walking',
              actions: assign({ walkCampaignId: ({ event }) => event.campaignId }),
            },
          },
        },
        Walking: {
          description:
            "The walk's campaign is known; its filters stay as read while the walk steps from one conversation to the next.",
          initial: 'ReadingWalkFilters',
          entry: [
            'clearWalkFilters',
            {
              type: 'loadCampaignFilters',
              params: ({ context }) => ({ campaignId: context.walkCampaignId as string }),
            },
          ],
          on: {
            'walk.follow': {
              guard: 'isOtherWalkedCampaign',
              target: 'Walking',
              reenter: true,
              actions: assign({ walkCampaignId: ({ event }) => event.campaignId }),
              description: 'A walk through another campaign loads the saved filters of that one.',
            },
            'campaign.enter': {
              target: 'NotWalking',
              actions: [assign({ walkCampaignId: null }), 'clearWalkFilters'],
              description:
                'In a campaign its filters can change: the next walk reads them again instead of keeping this copy.',
            },
            'filters.reset': {
              target: '.WalkFiltersKnown',
              actions: 'clearWalkFilters',
              description:
                'Every stored filter is removed, so the walk has none: what storage answers afterwards is ignored.',
            },
          },
          states: {
            ReadingWalkFilters: {
              description:
                "Waiting for the filters the campaign's list saved: the walk lists nothing before them.",
              on: {
                'storage.campaignFiltersRead': {
                  guard: 'isWalkedCampaign',
                  target: 'WalkFiltersKnown',
                  actions: assign({ walkFilters: ({ event }) => event.filters }),
                  description: 'The walk goes through the list with the filters it saved.',
                },
              },
            },
            WalkFiltersKnown: {
              description: "The walk's filters are known.",
              tags: ['walkFiltersReady'],
            },
          },
        },
      },
    },
  },
});

// The left menu (spec §2): collapsed at 64 px, expanded at 220 px after hovering for a second, collapsed on
// mouse leave; the toggle button forces it open or closed; on mobile widths there is no toggle. A finger is not a
// hovering pointer: touching the menu never starts the hover timer, and choosing an entry on mobile collapses it.
import { assign, setup } from 'xstate';

export const menuWidths = { collapsed: 64, expanded: 220 } as const;

export interface MenuContext {
  mobile: boolean;
}

export type MenuEvent =
  /** `pointerType` as the browser reports it: 'mouse', 'pen' or 'touch'. */
  | { type: 'menu.pointerEnter'; pointerType: string }
  /** An entry of the menu was clicked or tapped. */
  | { type: 'menu.entryChosen' }
  | { type: 'menu.pointerLeave' }
  | { type: 'menu.toggle' }
  | { type: 'viewport.changed'; mobile: boolean };

export const menuMachine = setup({
  types: {
    input: {} as { mobile: boolean },
    context: {} as MenuContext,
    events: {} as MenuEvent,
  },
  guards: {
    isWide: ({ context }) => !context.mobile,
    isMobile: ({ context }) => context.mobile,
    isHoveringPointer: ({ event }) => event.type === 'menu.pointerEnter' && event.pointerType !== 'touch',
    becomesMobile: ({ context, event }) =>
      event.type === 'viewport.changed' && event.mobile && !context.mobile,
  },
  delays: {
    hoverExpandDelay: 1000,
  },
}).createMachine({
  id: 'menu',
  description: 'How wide the left menu is.',
  context: ({ input }) => ({ mobile: input.mobile }),
  initial: 'Collapsed',
  on: {
    'viewport.changed': [
      {
        guard: 'becomesMobile',
        target: '.Collapsed',
        actions: assign({ mobile: true }),
        description: 'Mobile widths have no toggle: a forced state is dropped.',
      },
      { actions: assign({ mobile: ({ event }) => event.mobile }) },
    ],
  },
  states: {
    Collapsed: {
      description: 'Icons only, 64 px.',
      on: {
        'menu.pointerEnter': {
          guard: 'isHoveringPointer',
          target: 'Hovering',
          description: 'A mouse or pen; a finger touching the menu does not hover.',
        },
        'menu.toggle': { guard: 'isWide', target: 'ForcedOpen' },
      },
    },
    Hovering: {
      description: 'The pointer is over the collapsed menu; it expands if it stays a second.',
      after: { hoverExpandDelay: 'ExpandedByHover' },
      on: {
        'menu.pointerLeave': 'Collapsed',
        'menu.entryChosen': {
          guard: 'isMobile',
          target: 'Collapsed',
          description: 'On mobile the new page must not open under a menu about to expand.',
        },
        'menu.toggle': { guard: 'isWide', target: 'ForcedOpen' },
      },
    },
    ExpandedByHover: {
      description: 'Expanded, 220 px, until the pointer leaves.',
      tags: ['expanded'],
      on: {
        'menu.pointerLeave': 'Collapsed',
        'menu.entryChosen': {
          guard: 'isMobile',
          target: 'Collapsed',
          description: 'On mobile the menu closes over the page the entry opens.',
        },
        'menu.toggle': { guard: 'isWide', target: 'ForcedClosed' },
      },
    },
    ForcedOpen: {
      description: 'Expanded by the toggle; hovering and leaving change nothing.',
      tags: ['expanded'],
      on: { 'menu.toggle': 'ForcedClosed' },
    },
    ForcedClosed: {
      description: 'Collapsed by the toggle; hovering does not expand it.',
      on: { 'menu.toggle': 'ForcedOpen' },
    },
  },
});

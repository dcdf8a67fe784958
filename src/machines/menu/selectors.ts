// What views read from the menu actor.
import type { SnapshotFrom } from 'xstate';
import { menuWidths, type menuMachine } from './machine';

type MenuSnapshot = SnapshotFrom<typeof menuMachine>;

export const selectIsExpanded = (snapshot: MenuSnapshot) => snapshot.hasTag('expanded');
export const selectMenuWidth = (snapshot: MenuSnapshot) =>
  snapshot.hasTag('expanded') ? menuWidths.expanded : menuWidths.collapsed;
/** The room the page leaves for the menu: an expanded-by-hover menu floats over the page instead. */
export const selectReservedWidth = (snapshot: MenuSnapshot) =>
  snapshot.matches('ForcedOpen') ? menuWidths.expanded : menuWidths.collapsed;
export const selectIsForcedOpen = (snapshot: MenuSnapshot) => snapshot.matches('ForcedOpen');

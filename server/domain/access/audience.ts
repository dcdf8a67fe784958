// Who could ever succeed on a route, whatever its object and input: a route that declares an audience refuses
// everyone outside it with 403 before its input is read (plugins/route-audience), so its validation answers tell
// nothing to a caller who can never use it. Only roles that no object or membership can ever admit are left out.
import type { UserRecord } from './principal';

export interface RouteAudience {
  includes(user: UserRecord): boolean;
  /** The 403's detail for anyone else. */
  refusal: string;
}

/** Platform admins only. */
export const admins: RouteAudience = {
  includes: (user) => user.isAdmin,
  refusal: 'Only a platform admin can do this',
};

/** Admins and supervisors: agents never manage users or create campaigns (spec §2). */
export const staff: RouteAudience = {
  includes: (user) => user.isAdmin || user.role !== 'agent',
  refusal: 'Agents cannot do this',
};

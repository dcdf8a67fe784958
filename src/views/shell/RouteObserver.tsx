// Tells the actors that follow navigation where the user went: connectivity (offline screen after a route
// change) and filters (entering or leaving a campaign).
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { ConnectivityActorContext } from '../../machines/connectivity/provider';
import { FiltersActorContext } from '../../machines/filters/provider';

const campaignPath = /^\/campaigns\/(?!create(?:\/|$))([^/]+)/;

export function RouteObserver() {
  const [location] = useLocation();
  const connectivity = ConnectivityActorContext.useActorRef();
  const filters = FiltersActorContext.useActorRef();
  const previous = useRef(location);

  useEffect(() => {
    const campaignId = campaignPath.exec(location)?.[1];
    filters.send(campaignId ? { type: 'campaign.enter', campaignId } : { type: 'campaign.leave' });
    if (previous.current !== location) connectivity.send({ type: 'route.changed' });
    previous.current = location;
  }, [location, connectivity, filters]);

  return null;
}

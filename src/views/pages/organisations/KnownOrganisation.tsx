// Shows its content only once the organisation in the path is known: the not-found page for an unknown id, so
// no action (invite, new campaign) is offered for an organisation that does not exist.
import type { ReactNode } from 'react';
import type { Organisation } from '../../../../contract/users';
import { useOrganisation } from '../../../services/queries/organisations';
import { Loading } from '../../components/Loading';
import { PageLoadError } from '../../components/PageLoadError';

export function KnownOrganisation({
  organisationId,
  children,
}: {
  organisationId: string;
  children: (organisation: Organisation) => ReactNode;
}) {
  const organisation = useOrganisation(organisationId);
  if (organisation.error) {
    return <PageLoadError error={organisation.error} onRetry={() => void organisation.refetch()} />;
  }
  if (!organisation.data) return <Loading />;
  return children(organisation.data);
}

// Exports the list as filtered and sorted on screen, as CSV or Excel, with each grid item's answer or not.
import { useConversationExport, type ExportRequest } from '../../../services/downloads/conversation-export';
import { ExportMenu } from '../../components/ExportMenu';

export function ExportButton({
  campaignId,
  request,
}: {
  campaignId: string;
  request: Omit<ExportRequest, 'format' | 'detail'>;
}) {
  const exporter = useConversationExport(campaignId);
  return (
    <ExportMenu
      withDetail
      exporter={{ ...exporter, start: (choice) => exporter.start({ ...request, ...choice }) }}
    />
  );
}

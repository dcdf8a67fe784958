// Exports the list as filtered and sorted on screen, as CSV or Excel.
import { useConversationExport, type ExportRequest } from '../../../services/downloads/conversation-export';
import { ExportMenu } from '../../components/ExportMenu';

export function ExportButton({
  campaignId,
  request,
}: {
  campaignId: string;
  request: Omit<ExportRequest, 'format'>;
}) {
  const exporter = useConversationExport(campaignId);
  return <ExportMenu exporter={{ ...exporter, start: (format) => exporter.start({ ...request, format }) }} />;
}

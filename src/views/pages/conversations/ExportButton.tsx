// Exports the list as filtered and sorted on screen (or, with a label saying so, the selection's conversations), as
// CSV or Excel, with each grid item's answer or not.
import { useConversationExport, type ExportRequest } from '../../../services/downloads/conversation-export';
import { ExportMenu } from '../../components/ExportMenu';

export function ExportButton({
  campaignId,
  request,
  label,
}: {
  campaignId: string;
  request: Omit<ExportRequest, 'format' | 'detail'>;
  label?: string;
}) {
  const exporter = useConversationExport(campaignId);
  return (
    <ExportMenu
      withDetail
      {...(label ? { label } : {})}
      exporter={{ ...exporter, start: (choice) => exporter.start({ ...request, ...choice }) }}
    />
  );
}

// Where conversation files are dropped or picked: many at once, of the kinds the chosen channel reads.
import { useTranslation } from 'react-i18next';
import type { UploadKind } from '../../../services/conversation-ingestion/upload-items';
import { FileDropZone } from '../../components/FileDropZone';

const accepted: Record<UploadKind, string> = {
  calls: 'audio/*,.wav,.mp3,.m4a,.mp4,.aac,.ogg,.oga,.opus,.flac,.webm',
  chats: '.csv,.json,text/csv,application/json',
  emails: '.eml,.json,message/rfc822,application/json',
};

export function DropZone({
  kind,
  disabled,
  onFiles,
}: {
  kind: UploadKind;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <FileDropZone
      prompt={t(`upload.${kind}.drop`)}
      chooseLabel={t('upload.choose')}
      accept={accepted[kind]}
      multiple
      disabled={disabled}
      onFiles={onFiles}
    />
  );
}

// Where a test call's file is dropped or picked: one recording or text transcript (the first, when several come).
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../components/FileDropZone';

const accepted = 'audio/*,.wav,.mp3,.m4a,.mp4,.aac,.ogg,.oga,.opus,.flac,.webm,.txt,text/plain';

export function TestCallDropZone({ disabled, onFile }: { disabled: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  return (
    <FileDropZone
      testId="test-call-drop-zone"
      prompt={t('testCalls.drop')}
      chooseLabel={t('testCalls.choose')}
      accept={accepted}
      compact
      disabled={disabled}
      onFiles={([file]) => {
        if (file) onFile(file);
      }}
    />
  );
}

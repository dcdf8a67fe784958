// Where a test call's file is dropped or picked: one recording or text transcript; the picker is a real file input,
// reached and opened from the keyboard, with a visible label that looks like a button.
import { ArrowUpTrayIcon } from '@heroicons/react/24/outline';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/Button';

const accepted = 'audio/*,.wav,.mp3,.m4a,.mp4,.aac,.ogg,.oga,.opus,.flac,.webm,.txt,text/plain';

export function TestCallDropZone({ disabled, onFile }: { disabled: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const [file] = event.dataTransfer.files;
    if (!disabled && file) onFile(file);
  };

  return (
    <div
      data-testid="test-call-drop-zone"
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-6 text-center ${
        over ? 'border-purple-500 bg-purple-50' : 'border-gray-300 bg-gray-50'
      }`}
    >
      <ArrowUpTrayIcon className="size-7 text-purple-600" aria-hidden="true" />
      <p className="text-sm text-gray-700">{t('testCalls.drop')}</p>
      <input
        id={id}
        type="file"
        accept={accepted}
        className="peer sr-only"
        disabled={disabled}
        onChange={(event) => {
          const [file] = event.target.files ?? [];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <label
        htmlFor={id}
        className={`${buttonClass('primary')} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-purple-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
      >
        {t('testCalls.choose')}
      </label>
    </div>
  );
}

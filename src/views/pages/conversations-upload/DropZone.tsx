// Where files are dropped or picked: many at once; the picker is a real file input, reached and opened from the
// keyboard, with a visible label that looks like a button.
import { ArrowUpTrayIcon } from '@heroicons/react/24/outline';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadKind } from '../../../services/uploads/upload-items';
import { buttonClass } from '../../components/Button';

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
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  return (
    <div
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center ${
        over ? 'border-purple-500 bg-purple-50' : 'border-gray-300 bg-gray-50'
      }`}
    >
      <ArrowUpTrayIcon className="size-8 text-purple-600" aria-hidden="true" />
      <p className="text-sm text-gray-700">{t(`upload.${kind}.drop`)}</p>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={accepted[kind]}
        className="peer sr-only"
        disabled={disabled}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <label
        htmlFor={id}
        className={`${buttonClass('primary')} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-purple-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
      >
        {t('upload.choose')}
      </label>
    </div>
  );
}

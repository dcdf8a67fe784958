// Where files are dropped or picked: the zone lights up while files are dragged over it, and its picker is a real
// file input, reached and opened from the keyboard, with a visible label that looks like a button.
import { ArrowUpTrayIcon } from '@heroicons/react/24/outline';
import { useId, useState, type DragEvent } from 'react';
import { buttonClass } from './Button';

export function FileDropZone({
  prompt,
  chooseLabel,
  accept,
  multiple = false,
  compact = false,
  disabled,
  onFiles,
  testId,
}: {
  prompt: string;
  chooseLabel: string;
  /** The input's `accept` list: MIME types and extensions. */
  accept: string;
  multiple?: boolean;
  /** A smaller zone, for a panel rather than a page. */
  compact?: boolean;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  testId?: string;
}) {
  const id = useId();
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
      data-testid={testId}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed text-center ${
        compact ? 'px-4 py-6' : 'px-6 py-10'
      } ${over ? 'border-purple-500 bg-purple-50' : 'border-gray-300 bg-gray-50'}`}
    >
      <ArrowUpTrayIcon className={`${compact ? 'size-7' : 'size-8'} text-purple-600`} aria-hidden="true" />
      <p className="text-sm text-gray-700">{prompt}</p>
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={accept}
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
        {chooseLabel}
      </label>
    </div>
  );
}

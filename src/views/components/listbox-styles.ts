// The look of a labelled listbox, shared by the real one (Headless UI) and its stand-in.
export const listboxFieldClass = 'flex w-full flex-col gap-1 sm:w-auto sm:min-w-44';
export const listboxLabelClass = 'text-xs font-medium text-gray-600';
export const listboxButtonClass =
  'flex items-center justify-between gap-2 rounded-lg bg-white px-3 py-2 text-left text-sm ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600';
export const multiSelectLabelClass = 'first-letter:uppercase';
export const multiSelectButtonClass = 'data-open:ring-purple-500';

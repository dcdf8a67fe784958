// The look of a form control, for fields built by hand (a mention box): apart from fields.tsx, whose Headless UI
// fields a page that only borrows the look would otherwise load.

export const controlClass =
  'w-full rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600 data-disabled:bg-gray-100 data-disabled:text-gray-600 data-invalid:ring-red-500';

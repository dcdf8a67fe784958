// How the admin home writes its figures in the reader's locale: counts, and audio as hours.
/** A count ("12,345", "12 345"). */
export const formatCount = (count: number, locale: string): string =>
  new Intl.NumberFormat(locale).format(count);

/** Hours of audio to the tenth ("12.5 hr", "12,5 h"). */
export const formatHours = (hours: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', maximumFractionDigits: 1 }).format(hours);

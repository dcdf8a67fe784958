// Intl formatters built once per locale and options: building one costs far more than formatting with it, and a
// list of 50 rows formats hundreds of dates and numbers at every render.

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const listFormats = new Map<string, Intl.ListFormat>();

function cached<Format>(formats: Map<string, Format>, key: string, build: () => Format): Format {
  let format = formats.get(key);
  if (!format) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions = {}) =>
  cached(
    dateTimeFormats,
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions = {}) =>
  cached(numberFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

export const listFormat = (locale: string | undefined, options: Intl.ListFormatOptions = {}) =>
  cached(listFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.ListFormat(locale, options));

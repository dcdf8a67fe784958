// Campaign logos: what an upload is, judged by its bytes and never by its name or declared type; SVG sanitised.
import { fileTypeFromBuffer } from 'file-type';
import { UnsupportedMediaType } from '../errors';
import type { StoredMediaType } from '../storage/files';

export interface Logo {
  mediaType: StoredMediaType;
  body: Uint8Array;
}

/** Raster types recognised by their magic bytes; an animated PNG is a PNG to every browser. */
const rasterTypes: Record<string, StoredMediaType> = {
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/webp': 'image/webp',
};

const svgNamespace = 'http://www.w3.org/2000/svg';

type SvgSanitiser = (text: string) => string | null;
let svgSanitiser: Promise<SvgSanitiser> | undefined;

/**
 * DOMPurify on a jsdom window, with the SVG profile. jsdom is loaded at the first SVG rather than at start-up,
 * which it would slow down for every instance that never sees one.
 */
function loadSvgSanitiser(): Promise<SvgSanitiser> {
  svgSanitiser ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window);
    // Links to anything but the image itself would fetch from elsewhere (a tracking pixel) or navigate.
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      if ((data.attrName === 'href' || data.attrName === 'xlink:href') && !data.attrValue.startsWith('#')) {
        data.keepAttr = false;
      }
    });
    const parser = new window.DOMParser();
    const serializer = new window.XMLSerializer();
    const isSvgRoot = (element: Element | null | undefined) =>
      element?.localName === 'svg' && element.namespaceURI === svgNamespace;
    return (text) => {
      // The XML parser, not the HTML one: a malformed file yields a <parsererror> root and is refused, and
      // entities declared in a DTD are not expanded.
      const root = parser.parseFromString(text, 'image/svg+xml').documentElement;
      if (!isSvgRoot(root)) return null;
      const body = purify.sanitize(root, { USE_PROFILES: { svg: true, svgFilters: true }, RETURN_DOM: true });
      const clean = (body as HTMLElement).firstElementChild;
      // Serialised as XML: the HTML serialiser writes entities such as &nbsp; that break an SVG file.
      return clean && isSvgRoot(clean) ? serializer.serializeToString(clean) : null;
    };
  })();
  return svgSanitiser;
}

/** The logo the bytes make: a PNG, JPEG or WebP image as it is, or an SVG image sanitised; 415 otherwise. */
export async function inspectLogo(bytes: Buffer): Promise<Logo> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const raster = sniffed && rasterTypes[sniffed.mime];
  if (raster) return { mediaType: raster, body: bytes };
  if (!sniffed || sniffed.mime === 'application/xml') {
    const text = decodeUtf8(bytes);
    const svg = text === null ? null : (await loadSvgSanitiser())(text);
    if (svg !== null) return { mediaType: 'image/svg+xml', body: Buffer.from(svg) };
  }
  throw new UnsupportedMediaType('A logo must be a PNG, JPEG, WebP or SVG image');
}

function decodeUtf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

// Hands a file made in the page to the browser's downloads, as a link with `download` would.
const revokeAfterMs = 60_000;

export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Browsers start the download asynchronously; once it has surely started, the URL need not hold the blob.
  setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
}

/** The file name a `Content-Disposition` header gives (RFC 6266, UTF-8 form first), or null. */
export function attachmentFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: the plain form may still be there.
    }
  }
  return (
    /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/i.exec(header)?.slice(1).find(Boolean)?.trim() ?? null
  );
}

import type { RemoteFile, ServiceDirectory } from '@trove/contract';
import { useEffect, useState } from 'react';

/**
 * The URL of the picture the editor starts from: a HEIC original through the JPEG the server
 * decoded it to (`jpeg_url`, spec 000 §7 `to_jpeg`, as the viewer shows it), else the
 * original's bytes, never a thumbnail (the copy keeps the original's resolution).
 */
export function editableSourceUrl(directory: ServiceDirectory, file: RemoteFile): string {
  return `${directory.app}${file.jpeg_url ?? file.file_url}`;
}

/** The picture as a blob: URL of this page, or whether fetching it failed. */
export type SourceImage = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed' };

/**
 * Fetches the picture into a blob: URL of this page: the editor's canvas can then be read
 * back (a picture of another origin would taint it), whatever host the media come from.
 */
export function useSourceImage(url: string): SourceImage {
  const [image, setImage] = useState<{ for: string; image: SourceImage }>({
    for: url,
    image: { kind: 'loading' },
  });
  useEffect(() => {
    const abort = new AbortController();
    let objectUrl: string | undefined;
    fetch(url, { signal: abort.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
        objectUrl = URL.createObjectURL(await response.blob());
        setImage({ for: url, image: { kind: 'ready', url: objectUrl } });
      })
      .catch(() => {
        if (!abort.signal.aborted) setImage({ for: url, image: { kind: 'failed' } });
      });
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return image.for === url ? image.image : { kind: 'loading' };
}

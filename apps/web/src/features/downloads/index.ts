/*
 * The downloads' face (See: [Note: Feature faces], [Note: Lazy downloads]): asking for a
 * download, the layer that carries it out, and the parts a large download is split into.
 */
export { DownloadsLayer } from './DownloadsLayer.tsx';
export { requestDownload, type DownloadRequest, type DownloadSection } from './download-requests.ts';
export { downloadInParts, type DownloadFile, type DownloadPage } from './parts.ts';

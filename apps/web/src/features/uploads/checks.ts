import {
  MAX_UPLOAD_BYTES,
  SUPPORTED_EXTENSIONS,
  SupportedExtensionsResponse,
  UNLIMITED_QUOTA_THRESHOLD,
  extensionOf,
  type AccountInfo,
} from '@trove/contract';
import type { HttpClient } from '../../api/http-client.ts';
import type { FileFacts } from './file-inspection.ts';
import type { RejectionReason } from './model.ts';
import type { UploadKind } from './uploader-types.ts';

/**
 * The client-side upload checks of spec 000 §5: an unreadable file is FileIsFolder; only
 * picture and movie extensions are allowed (others UnSupported, documents included); an
 * empty file is EmptyFile (ours: the server refuses it too, with `empty_file`); a file over
 * 200 GiB is TooLargeFile. The documents screen's uploads are the one exception:
 * they accept documents, and only documents (See: UploadKind).
 */

/** Lowercase extensions, without the dot, that may be uploaded. */
export type AcceptedExtensions = ReadonlySet<string>;

/** The extensions each kind of target accepts. */
export type UploadExtensions = Readonly<Record<UploadKind, AcceptedExtensions>>;

/** The built-in list: pictures and movies of the contract (spec 000 §5). */
export const CONTRACT_MEDIA_EXTENSIONS: AcceptedExtensions = new Set([
  ...SUPPORTED_EXTENSIONS.pictures,
  ...SUPPORTED_EXTENSIONS.movies,
]);

/** The contract's documents (spec 000 §2 Documents page). */
export const CONTRACT_DOCUMENT_EXTENSIONS: AcceptedExtensions = new Set(SUPPORTED_EXTENSIONS.documents);

/**
 * The server's lists (GET /supported_extensions): an operator's server may accept more or
 * fewer than this build knows. Falls back to the contract's lists.
 */
export async function fetchUploadExtensions(api: HttpClient): Promise<UploadExtensions> {
  const lower = (list: readonly string[]) => new Set(list.map((ext) => ext.toLowerCase()));
  try {
    const answer = await api.app('/supported_extensions', SupportedExtensionsResponse);
    return { media: lower([...answer.pictures, ...answer.movies]), documents: lower(answer.documents) };
  } catch {
    return { media: CONTRACT_MEDIA_EXTENSIONS, documents: CONTRACT_DOCUMENT_EXTENSIONS };
  }
}

/** The checks that need only the name and size; null when both pass. */
export function checkNameAndSize(
  name: string,
  size: number,
  extensions: AcceptedExtensions,
): RejectionReason | null {
  if (!extensions.has(extensionOf(name))) return 'UnSupported';
  if (size === 0) return 'EmptyFile';
  if (size > MAX_UPLOAD_BYTES) return 'TooLargeFile';
  return null;
}

/**
 * Whether the browser can read the file at all. A folder dropped where the browser offers
 * no directory entries arrives as a File that cannot be read (spec 000 §5: FileIsFolder).
 */
export async function isReadable(file: Blob): Promise<boolean> {
  try {
    await file.slice(0, 1).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Every check of spec 000 §5 for one file, given its facts (see file-inspection.ts). */
export function checkFile(
  name: string,
  facts: FileFacts,
  extensions: AcceptedExtensions,
): RejectionReason | null {
  if (!facts.isReadable) return 'FileIsFolder';
  return checkNameAndSize(name, facts.size, extensions);
}

/**
 * True when `bytes` more do not fit the account's remaining storage (spec 000 §5: adding
 * to a non-story target is refused with a notice). Unlimited accounts always fit.
 */
export function exceedsStorage(
  bytes: number,
  account: Pick<AccountInfo, 'used_space' | 'max_space'>,
): boolean {
  if (account.max_space >= UNLIMITED_QUOTA_THRESHOLD) return false;
  return bytes > Math.max(0, account.max_space - account.used_space);
}

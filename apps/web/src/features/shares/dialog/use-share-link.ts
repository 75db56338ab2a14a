import type { CreatedShare, ShareLinkMarker } from '@trove/contract';
import { useRef, useState } from 'react';
import { useApi } from '../../../api/api-context.tsx';
import { createShare } from '../api.ts';
import type { FilesShareRequest } from '../../../dialog-requests/share-dialog.ts';
import { albumImagePath, shareLink } from './model.ts';

/** What {@link useShareLink} gives the share dialog. */
export interface ShareLink {
  /** The share once made: its id and when it expires (spec 000 §9: 30 days). */
  share: CreatedShare | null;
  /**
   * Whether the caller may make a share of the files: signed in, and allowed to share from
   * their job (`mayShare`; issue #23: the server refuses a share a non-member makes of an
   * album's files, [Note: Derived shares]).
   */
  canMakeShare: boolean;
  /**
   * The link to the single file shared when no share can be made: its /albumImage page,
   * made without a share (spec 000 §6); null when a share can be made, or for more files.
   */
  visitorLink: string | null;
  /** Makes the share at most once (again after a failure) with `password`; resolves with it. */
  ensureShare: (password: string) => Promise<CreatedShare>;
  /** The absolute link with `marker` (spec 000 §3), making the share first if needed. */
  ensureLink: (password: string, marker?: ShareLinkMarker) => Promise<string>;
}

/**
 * The link of the files of `request` (spec 000 §2 absolute links from origin and path): one
 * share per dialog, made on the first Copy link, e-mail or other app, with the password the
 * options view holds then. Whoever may not make a share — a visitor, signed in or not — links
 * a single file to its /albumImage page instead.
 */
export function useShareLink(request: FilesShareRequest | null, isLoggedIn: boolean): ShareLink {
  const api = useApi();
  const [share, setShare] = useState<CreatedShare | null>(null);
  const pendingRef = useRef<Promise<CreatedShare> | null>(null);
  const origin = window.location.origin;
  const canMakeShare = isLoggedIn && request?.mayShare !== false;
  const onlyFile = request?.fileIds.length === 1 ? request.fileIds[0] : undefined;
  const visitorLink =
    !canMakeShare && request && onlyFile !== undefined
      ? `${origin}${albumImagePath(request.sourceJobId, onlyFile)}`
      : null;

  const ensureShare = (password: string): Promise<CreatedShare> => {
    if (!request) return Promise.reject(new Error('an album invitation has no share'));
    if (!canMakeShare) return Promise.reject(new Error('the caller may not share these files'));
    pendingRef.current ??= createShare(
      api,
      {
        source_job: request.sourceJobId,
        file_uuids: [...request.fileIds],
        ...(password !== '' && { password }),
      },
      request.headers?.(),
    ).then(
      (created) => {
        setShare(created);
        return created;
      },
      (error: unknown) => {
        pendingRef.current = null;
        throw error;
      },
    );
    return pendingRef.current;
  };

  const ensureLink = async (password: string, marker?: ShareLinkMarker): Promise<string> => {
    if (visitorLink !== null) return visitorLink;
    const created = await ensureShare(password);
    return shareLink(origin, created.id, marker);
  };

  return { share, canMakeShare, visitorLink, ensureShare, ensureLink };
}

import { useEffect } from 'react';
import type { PickedFile } from './uploader.ts';

/**
 * [Note: Drop claims] Files dropped on the app go to the timeline (spec 000 §2 drag-and-drop
 * area), unless the screen shown claims them: /documents uploads them as documents, which
 * the timeline refuses (§5), and an album its viewer may add to takes them in after the
 * timeline question (§4). A claim brings the overlay's words, from the claiming screen's
 * own messages, and what to do with the files; the latest claim still mounted wins.
 */
export interface DropClaim {
  title: string;
  text: string;
  onFiles: (picked: PickedFile[]) => void;
}

const claims: DropClaim[] = [];

/** The claim dropped files go to now, if any. Read when a drag starts and on the drop. */
export const currentDropClaim = (): DropClaim | undefined => claims.at(-1);

/** Claims dropped files while the calling screen is mounted; pass a stable object (useMemo). */
export function useDropClaim(claim: DropClaim | undefined): void {
  useEffect(() => {
    if (!claim) return;
    claims.push(claim);
    return () => {
      claims.splice(claims.indexOf(claim), 1);
    };
  }, [claim]);
}

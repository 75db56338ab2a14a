import type { JobInfo } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { albumGuests } from '../../album-access/guest-store.ts';
import { refreshComments } from './keys.ts';

/** What the sign-in prompt is open for: the action to run once the caller is known. */
export interface PendingIdentity {
  run: () => void;
}

/**
 * Who comments (spec 000 §1, §6; §4 "shows when user info is required; cancelling denies
 * the request"): a signed-in user as themselves, a visitor once they gave a name or chose to
 * continue as guest. `request(run)` runs `run` at once when the caller is known, else opens
 * the sign-in prompt and runs it after the prompt brought a guest token; cancelling the
 * prompt drops it, so nothing is sent. Only sending (or loving) asks: the prompt used to open
 * when the comment input took focus and took the keystrokes meant for the comment (issue
 * #23); the typed comment now stays in the input and is posted once the name is given.
 */
export function useGuestIdentity(album: JobInfo, isLoggedIn: boolean, onIdentityChange: () => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingIdentity | null>(null);
  // Re-renders once a token is stored (localStorage is read while rendering).
  const [, setStored] = useState(0);
  const hasGuest = albumGuests.find(album.id) !== undefined;
  const needsIdentity = !isLoggedIn && album.role !== 'guest' && !hasGuest;
  const closePrompt = () => {
    setPending(null);
  };
  return {
    needsIdentity,
    pending,
    request: (run: () => void) => {
      if (!needsIdentity) {
        run();
        return;
      }
      setPending({ run });
    },
    cancel: closePrompt,
    /** The prompt stored a guest token: the album and its comments are asked for again as that guest. */
    identified: () => {
      closePrompt();
      setStored((count) => count + 1);
      onIdentityChange();
      void refreshComments(queryClient, album.id);
      pending?.run();
    },
  };
}

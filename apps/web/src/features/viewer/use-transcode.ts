import { useEffect, useReducer } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { checkVideo } from './api.ts';
import {
  INITIAL_TRANSCODE,
  VIDEO_RECHECK_MS,
  VIDEO_SLOW_CHECK_MS,
  transcodeReducer,
  type EncodingStatus,
} from './model.ts';

/**
 * Runs the video transcode machine of spec 000 §4 for one video: checks at once, again at
 * least 1 s after each queued answer, and shows PROCESSING when a check takes over 2 s.
 * Give the component a `key` of the file id so another video starts over.
 */
export function useTranscode(jobId: string, fileId: string): EncodingStatus {
  const api = useApi();
  const [state, dispatch] = useReducer(transcodeReducer, INITIAL_TRANSCODE);
  const { round } = state;

  // One check per round: rounds grow only on queued answers, so ENCODED and ERROR stop it.
  useEffect(() => {
    const controller = new AbortController();
    let slow: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      slow = setTimeout(() => {
        dispatch({ type: 'slow' });
      }, VIDEO_SLOW_CHECK_MS);
      checkVideo(api, jobId, fileId, controller.signal).then(
        (answer) => {
          clearTimeout(slow);
          dispatch({ type: 'answered', result: answer.result });
        },
        () => {
          clearTimeout(slow);
          if (!controller.signal.aborted) dispatch({ type: 'failed' });
        },
      );
    };
    // The first check goes at once; each re-check after a queued answer waits 1 s.
    const wait = setTimeout(check, round === 0 ? 0 : VIDEO_RECHECK_MS);
    return () => {
      controller.abort();
      clearTimeout(wait);
      clearTimeout(slow);
    };
  }, [api, jobId, fileId, round]);

  return state.status;
}

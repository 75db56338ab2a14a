import type { ReactNode } from 'react';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

/** Props of {@link MediaMessage}. */
export interface MediaMessageProps {
  /** `error` is announced and shows the error icon; `waiting` a spinner. */
  kind: 'error' | 'waiting';
  /** Omitted while merely loading: the spinner announces that itself. */
  text?: string | undefined;
  /** A blurred placeholder (thumbhash) behind the message. */
  background?: string | undefined;
  children?: ReactNode;
}

/** A text in place of a picture or video that cannot show (yet): processing, failed, not found. */
export function MediaMessage({ kind, text, background, children }: MediaMessageProps) {
  return (
    <div
      className="viewer-message"
      style={background ? { backgroundImage: `url(${background})` } : undefined}
      role={kind === 'error' ? 'alert' : undefined}
    >
      <div className="viewer-message__box">
        {kind === 'error' ? <Icon name="error" size={40} /> : <Spinner />}
        {text !== undefined && <p>{text}</p>}
        {children}
      </div>
    </div>
  );
}

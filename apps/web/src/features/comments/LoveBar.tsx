import { useEffect, useEffectEvent, useRef, type CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { CommentIcon } from './comment-icons.tsx';
import { loveLine } from './format.ts';
import type { Love } from './use-comment-machines.ts';

/** Props of {@link LoveBar}. */
export interface LoveBarProps {
  love: Love;
  /** The love button shows (the caller may react, or may once known: spec 000 §6). */
  canLove: boolean;
  onLove: () => void;
}

/**
 * The love count line and the love button of the comment panel (spec 000 §2; §4 Reaction;
 * §9 love messages). The heart plays its animation (shorter when reduced motion is asked
 * for), and the love is sent when it ends; the button is a toggle (aria-pressed).
 */
export function LoveBar({ love, canLove, onLove }: LoveBarProps) {
  const intl = useIntl();
  const line = loveLine(love.count, love.loved);
  const isAnimating = love.phase === 'ANIMATING';
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A native listener: React maps onAnimationEnd to a vendor-prefixed event where it thinks
  // AnimationEvent is missing.
  const handleAnimationEnd = useEffectEvent(love.animationEnd);
  useEffect(() => {
    const button = buttonRef.current;
    if (!button) return;
    const listener = () => {
      handleAnimationEnd();
    };
    button.addEventListener('animationend', listener);
    return () => {
      button.removeEventListener('animationend', listener);
    };
  }, [canLove]);
  return (
    <div className="love-bar">
      {canLove && (
        <button
          ref={buttonRef}
          type="button"
          className={isAnimating ? 'love-button love-button--animating' : 'love-button'}
          style={{ '--love-animation-ms': `${String(love.animationMs)}ms` } as CSSProperties}
          aria-label={intl.formatMessage({ id: 'comments.love' })}
          aria-pressed={love.loved}
          aria-busy={love.phase === 'PENDING'}
          data-testid="love-button"
          onClick={onLove}
        >
          <CommentIcon name={love.loved ? 'heart' : 'heartOutline'} />
        </button>
      )}
      <p className="love-bar__line" aria-live="polite" data-testid="love-line">
        {line ? intl.formatMessage({ id: line.id }, line.values) : ''}
      </p>
    </div>
  );
}

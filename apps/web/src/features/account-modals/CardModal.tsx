import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { isCardActionUrl, isInAppRoute, type CardCta, type FullScreenCard } from '@trove/contract';
import { Icon } from '../../ui/icons.tsx';
import { useFocusTrap } from '../../ui/use-focus-trap.ts';
import { useDismissCardMutation } from './api.ts';
import { CardArt } from './card-illustrations.tsx';

/**
 * A full-screen message card (spec 001 §2, §3 Message card): illustration, title, body, a
 * primary and maybe a secondary action. An action with dismiss_on_tap dismisses the card for
 * good; any other, and the close button or Escape, only put it away for this session. URLs
 * are checked again here as the contract checks them: an in-app route or http(s), nothing
 * else is ever opened.
 */
export function CardModal({ card, onClose }: { card: FullScreenCard; onClose: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const dismiss = useDismissCardMutation();
  useFocusTrap(panelRef, onClose);
  const { title, body, illustration, primary_cta: primary, secondary_cta: secondary } = card.client_values;

  const act = (cta: CardCta) => {
    if (cta.dismiss_on_tap) dismiss.mutate(card.card_id);
    else onClose();
    const { action_type: type, url } = cta.web_action;
    if (!isCardActionUrl(type, url)) return;
    if (isInAppRoute(url) && type !== 'new_tab') void navigate(url);
    else if (type === 'new_tab') window.open(url, '_blank', 'noopener,noreferrer');
    else window.location.assign(url);
  };

  return createPortal(
    <div
      ref={panelRef}
      className="card-modal"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <button
        type="button"
        className="icon-button card-modal__close"
        aria-label={intl.formatMessage({ id: 'accountModals.card.close' })}
        onClick={onClose}
      >
        <Icon name="close" />
      </button>
      <div className="card-modal__content">
        <CardArt name={illustration} />
        <h2 id={titleId} className="card-modal__title">
          {title}
        </h2>
        <p className="card-modal__body">{body}</p>
        <div className="card-modal__actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              act(primary);
            }}
          >
            {primary.label}
          </button>
          {secondary && (
            <button
              type="button"
              className="btn btn--text"
              onClick={() => {
                act(secondary);
              }}
            >
              {secondary.label}
            </button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LOCALE_NAMES, type AdminCard } from '@trove/contract';
import type { MessageId } from '../../i18n/messages.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useAdminCardsQuery, useEndCardMutation } from './api.ts';
import { AdminPage, useDateTime } from './AdminNav.tsx';
import { CardForm } from './CardForm.tsx';

type CardState = 'scheduled' | 'showing' | 'ended';
const STATE_TEXT: Record<CardState, MessageId> = {
  scheduled: 'admin.cards.state.scheduled',
  showing: 'admin.cards.state.showing',
  ended: 'admin.cards.state.ended',
};

function stateOf(card: AdminCard, now: number): CardState {
  if (card.ends_at !== null && card.ends_at <= now) return 'ended';
  return card.starts_at > now ? 'scheduled' : 'showing';
}

/**
 * /admin/cards (issue #24; spec 001 §3 Message card): write a card for an audience and a time
 * window; every card with its state and how many dismissed it; end one now after a confirm.
 */
export function AdminCardsPage() {
  const intl = useIntl();
  const cards = useAdminCardsQuery();
  const [ending, setEnding] = useState<AdminCard | null>(null);
  // The state of each card as of the list's answer, which every change fetches again.
  const now = cards.dataUpdatedAt / 1000;
  return (
    <AdminPage title="admin.cards.title">
      <CardForm />
      <h2 className="admin__subtitle">{intl.formatMessage({ id: 'admin.cards.list' })}</h2>
      {cards.isError && <QueryError error={cards.error} onRetry={() => void cards.refetch()} />}
      {!cards.data && !cards.isError && <PageSpinner />}
      {cards.data &&
        (cards.data.cards.length === 0 ? (
          <p className="admin__empty">{intl.formatMessage({ id: 'admin.cards.none' })}</p>
        ) : (
          <ul className="card card--list admin-list">
            {cards.data.cards.map((card) => (
              <CardRow key={card.card_id} card={card} state={stateOf(card, now)} onEnd={setEnding} />
            ))}
          </ul>
        ))}
      {ending && (
        <EndDialog
          card={ending}
          onClose={() => {
            setEnding(null);
          }}
        />
      )}
    </AdminPage>
  );
}

function CardRow({
  card,
  state,
  onEnd,
}: {
  card: AdminCard;
  state: CardState;
  onEnd: (card: AdminCard) => void;
}) {
  const intl = useIntl();
  const dateTime = useDateTime();
  const { audience } = card;
  const who =
    audience.kind === 'brand'
      ? intl.formatMessage({ id: audience.brand === 'no' ? 'admin.cards.brandNo' : 'admin.cards.brandIntl' })
      : audience.kind === 'language'
        ? LOCALE_NAMES[audience.locale]
        : intl.formatMessage({
            id: audience.kind === 'all' ? 'admin.cards.audience.all' : 'admin.cards.audience.readOnly',
          });
  return (
    <li className="admin-row">
      <div className="admin-row__main">
        <span className="admin-row__title">
          <span>{card.client_values.title}</span>
          <span className={`badge${state === 'ended' ? '' : ' badge--info'}`}>
            {intl.formatMessage({ id: STATE_TEXT[state] })}
          </span>
        </span>
        <span className="muted">{intl.formatMessage({ id: 'admin.cards.for' }, { who })}</span>
        <span className="muted">
          {card.ends_at === null
            ? intl.formatMessage({ id: 'admin.cards.from' }, { start: dateTime(card.starts_at) })
            : intl.formatMessage(
                { id: 'admin.cards.window' },
                { start: dateTime(card.starts_at), end: dateTime(card.ends_at) },
              )}
        </span>
        <span className="muted">
          {intl.formatMessage({ id: 'admin.cards.dismissed' }, { count: card.dismissed })}
        </span>
      </div>
      {state !== 'ended' && (
        <button
          type="button"
          className="btn btn--text btn--danger-text"
          aria-label={intl.formatMessage({ id: 'admin.cards.endNamed' }, { title: card.client_values.title })}
          onClick={() => {
            onEnd(card);
          }}
        >
          {intl.formatMessage({ id: 'admin.cards.end' })}
        </button>
      )}
    </li>
  );
}

function EndDialog({ card, onClose }: { card: AdminCard; onClose: () => void }) {
  const intl = useIntl();
  const end = useEndCardMutation();
  return (
    <Dialog
      title={intl.formatMessage({ id: 'admin.cards.endTitle' }, { title: card.client_values.title })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn--text" onClick={onClose}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={end.isPending}
            onClick={() => {
              end.mutate(card.card_id, { onSuccess: onClose });
            }}
          >
            {intl.formatMessage({ id: 'admin.cards.end' })}
          </button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'admin.cards.endText' })}</p>
      {end.isError && (
        <p className="form-error" role="alert">
          {intl.formatMessage({ id: 'admin.failed' })}
        </p>
      )}
    </Dialog>
  );
}

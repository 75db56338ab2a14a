import { normalizeCastCode, type CastReceiverInfo } from '@trove/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { HttpError } from '../../api/http-error.ts';
import { TextField } from '../../ui/TextField.tsx';
import { listReceivers, pairWithCode } from './api.ts';

/** The message of a failed pairing: a code nobody shows, too many tries, or no answer. */
function pairErrorOf(error: unknown): 'cast.pair.wrongCode' | 'cast.pair.tooManyTries' | 'cast.pair.failed' {
  if (error instanceof HttpError && error.status === 404) return 'cast.pair.wrongCode';
  if (error instanceof HttpError && error.status === 429) return 'cast.pair.tooManyTries';
  return 'cast.pair.failed';
}

/**
 * Choosing a TV: one already paired to this account, or a new one by the code it shows
 * (issue #27). `initialCode` comes from the QR code's link.
 */
export function PairPanel({
  initialCode = '',
  onPaired,
}: {
  initialCode?: string;
  onPaired: (receiverId: string) => void;
}) {
  const intl = useIntl();
  const api = useApi();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<ReturnType<typeof pairErrorOf> | null>(null);
  const [isPairing, setPairing] = useState(false);
  const paired = useQuery({
    queryKey: ['cast', 'receivers'],
    queryFn: ({ signal }) => listReceivers(api, signal),
    staleTime: 0,
  });
  const receivers: CastReceiverInfo[] = paired.data?.receivers ?? [];

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const typed = normalizeCastCode(code);
    if (typed === '') return;
    setPairing(true);
    setError(null);
    pairWithCode(api, typed).then(
      (state) => {
        setPairing(false);
        onPaired(state.receiver_id);
      },
      (failure: unknown) => {
        setPairing(false);
        setError(pairErrorOf(failure));
      },
    );
  };

  return (
    <div>
      {receivers.length > 0 && (
        <>
          <p className="cast-status">{intl.formatMessage({ id: 'cast.pair.pairedTvs' })}</p>
          <ul className="cast-receivers">
            {receivers.map((receiver, i) => (
              <li key={receiver.id}>
                <button
                  type="button"
                  className="btn btn--secondary"
                  onClick={() => {
                    onPaired(receiver.id);
                  }}
                >
                  {intl.formatMessage(
                    { id: 'cast.pair.castToTv' },
                    {
                      n: i + 1,
                      time: intl.formatTime(receiver.paired_at),
                    },
                  )}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="cast-status">
        {intl.formatMessage({ id: 'cast.pair.howTo' }, { url: `${window.location.origin}/tv` })}
      </p>
      <form className="cast-pair" onSubmit={submit}>
        <TextField
          label={intl.formatMessage({ id: 'cast.pair.code' })}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          onChange={(event) => {
            setCode(event.target.value);
          }}
        />
        <button type="submit" className="btn btn--primary" disabled={isPairing || code.trim() === ''}>
          {intl.formatMessage({ id: 'cast.pair.connect' })}
        </button>
      </form>
      {error && (
        <p className="cast-error" role="alert">
          {intl.formatMessage({ id: error })}
        </p>
      )}
    </div>
  );
}

import type { ConsentKey } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useConsentsQuery, useSetConsentMutation } from './api.ts';

/** The consents of spec 001 §3 in two groups, each with its label and what it allows. */
const GROUPS: { title: MessageId; keys: { key: ConsentKey; label: MessageId; text: MessageId }[] }[] = [
  {
    title: 'privacy.consents.title',
    keys: [
      {
        key: 'facial_recognition',
        label: 'privacy.consent.facialRecognition',
        text: 'privacy.consent.facialRecognitionText',
      },
      {
        key: 'face_grouping',
        label: 'privacy.consent.faceGrouping',
        text: 'privacy.consent.faceGroupingText',
      },
      {
        key: 'advanced_filtering_and_categorization',
        label: 'privacy.consent.advancedFiltering',
        text: 'privacy.consent.advancedFilteringText',
      },
      {
        key: 'help_us_improve',
        label: 'privacy.consent.helpUsImprove',
        text: 'privacy.consent.helpUsImproveText',
      },
    ],
  },
  {
    title: 'privacy.stayUpToDate.title',
    keys: [
      {
        key: 'stay_up_to_date__email',
        label: 'privacy.stayUpToDate.email',
        text: 'privacy.stayUpToDate.emailText',
      },
      {
        key: 'stay_up_to_date__push_notification',
        label: 'privacy.stayUpToDate.push',
        text: 'privacy.stayUpToDate.pushText',
      },
      {
        key: 'stay_up_to_date__sms',
        label: 'privacy.stayUpToDate.sms',
        text: 'privacy.stayUpToDate.smsText',
      },
    ],
  },
];

/**
 * The consents of the privacy page (spec 001 §2, §3): a switch each, changed at once and
 * put back with an error when the server refuses. Nothing is on until the user says yes.
 */
export function ConsentsSection() {
  const intl = useIntl();
  const consents = useConsentsQuery();
  const setConsent = useSetConsentMutation();
  const [failed, setFailed] = useState<ConsentKey | undefined>();
  if (consents.isError) return <QueryError error={consents.error} onRetry={() => void consents.refetch()} />;
  if (!consents.data) return <PageSpinner />;
  const valueOf = new Map(consents.data.consents.map((c) => [c.key, c.value]));
  return (
    <>
      {GROUPS.map((group, index) => (
        <section key={group.title} className="card" aria-labelledby={`privacy-group-${String(index)}`}>
          <h2 id={`privacy-group-${String(index)}`} className="card__title">
            <Icon name={index === 0 ? 'settings' : 'share'} size={20} />
            {intl.formatMessage({ id: group.title })}
          </h2>
          <ul className="privacy__consents">
            {group.keys.map(({ key, label, text }) => {
              const id = `consent-${key}`;
              return (
                <li key={key} className="privacy__consent">
                  <label className="privacy__switch" htmlFor={id}>
                    <span className="privacy__switch-text">
                      <span className="privacy__label">{intl.formatMessage({ id: label })}</span>
                      <span className="muted" id={`${id}-text`}>
                        {intl.formatMessage({ id: text })}
                      </span>
                    </span>
                    <input
                      id={id}
                      type="checkbox"
                      role="switch"
                      aria-describedby={`${id}-text`}
                      checked={valueOf.get(key) ?? false}
                      onChange={(event) => {
                        setFailed(undefined);
                        setConsent.mutate(
                          { key, value: event.target.checked },
                          {
                            onError: () => {
                              setFailed(key);
                            },
                          },
                        );
                      }}
                    />
                  </label>
                  {failed === key && (
                    <p className="notice notice--error" role="alert">
                      {intl.formatMessage({ id: 'privacy.consent.failed' })}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}

import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useDeleteStripeTestDataMutation, useSupportedExtensionsMutation } from './api.ts';
import './developer.css';

const KINDS = [
  ['pictures', 'developer.test.pictures'],
  ['movies', 'developer.test.movies'],
  ['documents', 'developer.test.documents'],
] as const satisfies readonly (readonly [string, MessageId])[];

/**
 * The developer test page (spec 001 §2; its route is not shown in any navigation): deletes the
 * payment provider's test data of the account, saying whether it worked (the spec's "alert":
 * an ARIA alert in the page, which a screen reader announces and no browser dialog blocks),
 * and lists the file extensions the server accepts.
 */
export function DeveloperTestPage() {
  const intl = useIntl();
  const extensions = useSupportedExtensionsMutation();
  const stripeData = useDeleteStripeTestDataMutation();
  const title = intl.formatMessage({ id: 'developer.test.title' });
  usePageTitle(title);
  return (
    <section className="page page--narrow">
      <h1 className="page__title">{title}</h1>
      <section className="card">
        <button
          type="button"
          className="btn btn--danger"
          disabled={stripeData.isPending}
          onClick={() => {
            stripeData.mutate();
          }}
        >
          {intl.formatMessage({ id: 'developer.test.deleteStripeData' })}
        </button>
        {stripeData.isSuccess && (
          <p className="notice" role="alert">
            {intl.formatMessage({ id: 'developer.test.stripeDataDeleted' })}
          </p>
        )}
        {stripeData.isError && (
          <p className="notice notice--error" role="alert">
            {intl.formatMessage({ id: 'developer.test.stripeDataFailed' })}
          </p>
        )}
      </section>
      <section className="card">
        <button
          type="button"
          className="btn btn--primary"
          disabled={extensions.isPending}
          onClick={() => {
            extensions.mutate();
          }}
        >
          {intl.formatMessage({ id: 'developer.test.listExtensions' })}
        </button>
        {extensions.isError && (
          <p className="notice notice--error" role="alert">
            {intl.formatMessage({ id: 'developer.test.failed' })}
          </p>
        )}
        {extensions.data && (
          <dl aria-live="polite">
            {KINDS.map(([kind, label]) => (
              <div key={kind}>
                <dt className="card__title">
                  {intl.formatMessage({ id: label }, { count: extensions.data[kind].length })}
                </dt>
                <dd className="developer__extensions">{extensions.data[kind].join(', ')}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </section>
  );
}

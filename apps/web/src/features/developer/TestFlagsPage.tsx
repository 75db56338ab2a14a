import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { TEST_FLAGS, testFlags, useActiveTestFlags, type TestFlag } from '../../lib/test-flags.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import './developer.css';

const TEXTS: Record<TestFlag, { name: MessageId; text: MessageId }> = {
  qa_marker: { name: 'developer.flag.qa_marker', text: 'developer.flag.qa_marker.text' },
  report_every_crash: {
    name: 'developer.flag.report_every_crash',
    text: 'developer.flag.report_every_crash.text',
  },
};

/**
 * Route /settings/testFlags (spec 001 §2 Test flags page): every test flag the client reads,
 * each a checkbox kept in this browser (See: [Note: Test flags]).
 */
export function TestFlagsPage() {
  const intl = useIntl();
  const active = useActiveTestFlags();
  const title = intl.formatMessage({ id: 'developer.testFlags.title' });
  usePageTitle(title);
  return (
    <section className="page page--narrow">
      <h1 className="page__title">{title}</h1>
      <section className="card">
        <p className="muted">{intl.formatMessage({ id: 'developer.testFlags.intro' })}</p>
        <ul className="developer__flags">
          {TEST_FLAGS.map((flag) => (
            <li key={flag}>
              <label className="developer__flag">
                <span className="developer__flag-text">
                  <span className="developer__flag-name">{intl.formatMessage({ id: TEXTS[flag].name })}</span>
                  <span className="muted">
                    <code>{flag}</code> · {intl.formatMessage({ id: TEXTS[flag].text })}
                  </span>
                </span>
                <input
                  type="checkbox"
                  checked={active.includes(flag)}
                  onChange={(event) => {
                    testFlags.set(flag, event.currentTarget.checked);
                  }}
                />
              </label>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

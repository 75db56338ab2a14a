import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { DEVELOPER_TEST_PATH, TEST_FLAGS_PATH } from './paths.ts';
import './developer.css';

/**
 * Route /settings/_advanced (spec 001 §2 Test flags page, its _advanced sub-page): the test
 * flags, the developer test page, and a way to crash a screen on purpose, to see the crash
 * page and its report (spec 001 §8) on a real build.
 */
export function AdvancedPage() {
  const intl = useIntl();
  const [crashes, setCrashes] = useState(false);
  const title = intl.formatMessage({ id: 'developer.advanced.title' });
  usePageTitle(title);
  if (crashes) throw new Error('crash test from the advanced settings page');
  return (
    <section className="page page--narrow">
      <h1 className="page__title">{title}</h1>
      <p className="muted">{intl.formatMessage({ id: 'developer.advanced.intro' })}</p>
      <nav className="card card--list" aria-label={title}>
        <Link to={TEST_FLAGS_PATH} className="list-link">
          <Icon name="settings" />
          <span className="list-link__text">
            <span className="list-link__title">
              {intl.formatMessage({ id: 'developer.testFlags.title' })}
            </span>
            <span className="muted">{intl.formatMessage({ id: 'developer.advanced.testFlagsText' })}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
        <Link to={DEVELOPER_TEST_PATH} className="list-link">
          <Icon name="settings" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'developer.test.title' })}</span>
            <span className="muted">{intl.formatMessage({ id: 'developer.advanced.testPageText' })}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
      </nav>
      <section className="card">
        <p className="muted">{intl.formatMessage({ id: 'developer.advanced.crashText' })}</p>
        <button
          type="button"
          className="btn"
          onClick={() => {
            setCrashes(true);
          }}
        >
          {intl.formatMessage({ id: 'developer.advanced.crash' })}
        </button>
      </section>
    </section>
  );
}

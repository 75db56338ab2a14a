import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { localeStore } from '../i18n/locale-store.ts';
import { UsageMeter } from './UsageMeter.tsx';

const GIB = 1024 ** 3;

function renderMeter(used: number, max: number) {
  localeStore.setState({ locale: 'en_US' });
  render(
    <I18nProvider>
      <UsageMeter
        used={used}
        max={max}
        label="Storage"
        usageText={({ used, max }) => `${used} of ${max} used`}
        bytesText={(count) => `${String(count)} bytes`}
      />
    </I18nProvider>,
  );
}

describe('the usage meter', () => {
  test('says what is used of what, base 1024, and is a meter in percent', () => {
    renderMeter(1.5 * GIB, 5 * GIB);
    const meter = screen.getByRole('meter', { name: 'Storage' });
    expect(meter.getAttribute('aria-valuenow')).toBe('30');
    expect(meter.getAttribute('aria-valuetext')).toBe('1.5 GB of 5 GB used');
    expect(screen.getByText('1.5 GB of 5 GB used')).toBeTruthy();
  });
  test('under 1 KB in the words of the screen', () => {
    renderMeter(12, 5 * GIB);
    expect(screen.getByText('12 bytes of 5 GB used')).toBeTruthy();
  });
  test('unlimited: ∞ and no bar', () => {
    renderMeter(2 * GIB, 2000 * GIB);
    expect(screen.getByText('2 GB of ∞ used')).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();
  });
});

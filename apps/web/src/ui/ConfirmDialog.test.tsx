import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { localeStore } from '../i18n/locale-store.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

function renderConfirm(isPending = false) {
  localeStore.setState({ locale: 'en_US' });
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <I18nProvider>
      <ConfirmDialog
        kind="DELETE_DEVICE"
        values={{ name: 'Phone' }}
        onConfirm={onConfirm}
        onCancel={onCancel}
        isPending={isPending}
      />
    </I18nProvider>,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog keys (spec 000 §9: Enter confirm, Escape cancel)', () => {
  test('Enter confirms, even with Cancel focused first', () => {
    const { onConfirm, onCancel } = renderConfirm();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.keyDown(cancel, { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  test('Escape cancels', () => {
    const { onConfirm, onCancel } = renderConfirm();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('Enter does nothing while the action runs', () => {
    const { onConfirm } = renderConfirm(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Enter' });
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('other keys leave the buttons alone', () => {
    const { onConfirm } = renderConfirm();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'a' });
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

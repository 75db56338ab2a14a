import type { AdminDeletion, AdminWorkItem } from '@trove/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { anAccount } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

const OPERATOR = { 'GET /st/4/account_info': { body: anAccount({ uuid: 'me', is_operator: true }) } };

function aDeletion(overrides: Partial<AdminDeletion> = {}): AdminDeletion {
  return {
    user_id: 'u1',
    email: 'ann@example.com',
    name: 'Ann',
    state: 'scheduled',
    stage: 'billing',
    attempts: 0,
    last_error: null,
    requested: 1_760_000_000,
    due: 1_760_604_800,
    ...overrides,
  };
}

function anItem(overrides: Partial<AdminWorkItem> = {}): AdminWorkItem {
  return {
    id: 'w1',
    kind: 'media',
    state: 'failed',
    attempts: 5,
    last_error: 'no decoder',
    created: 1_760_000_000,
    locked_until: null,
    ...overrides,
  };
}

describe('account deletions in the admin area (issue #24)', () => {
  test('shows each deletion with its stage and error, restores one after a confirm', async () => {
    let list = [
      aDeletion(),
      aDeletion({
        user_id: 'u2',
        email: 'bo@example.com',
        name: null,
        state: 'failed',
        stage: 'own_jobs',
        attempts: 2,
        last_error: 'disk on fire',
      }),
    ];
    const { requests, user } = renderApp({
      route: '/admin/deletions',
      routes: {
        ...OPERATOR,
        'GET /st/4/admin/deletions': () => ({ body: { deletions: list, total: list.length } }),
        'POST /st/4/admin/deletions/u1/restore': () => {
          list = list.filter((d) => d.user_id !== 'u1');
          return { body: { ok: true } };
        },
      },
    });
    const failed = (await screen.findByText('bo@example.com')).closest('li') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(
      within(failed).getByText("Next step: delete the account's albums and photos; 2 failed attempts"),
    ).toBeTruthy();
    expect(within(failed).getByText('Last error: disk on fire')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Retry deleting bo@example.com' })).toBeTruthy();

    const pending = screen.getByText('ann@example.com').closest('li') as HTMLElement;
    expect(within(pending).getByText('In grace period')).toBeTruthy();
    await user.click(within(pending).getByRole('button', { name: 'Restore the account ann@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore ann@example.com?' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => {
      expect(screen.queryByText('ann@example.com')).toBeNull();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('keeps the dialog open and says so when the retry fails', async () => {
    const { user } = renderApp({
      route: '/admin/deletions',
      routes: {
        ...OPERATOR,
        'GET /st/4/admin/deletions': { body: { deletions: [aDeletion({ state: 'failed' })], total: 1 } },
        'POST /st/4/admin/deletions/u1/retry': {
          status: 409,
          body: { error: { code: 'conflict', message: 'Only a failed deletion can be retried' } },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Retry deleting ann@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Retry deleting ann@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/.+/);
  });

  test('says when there is nothing to look at', async () => {
    renderApp({
      route: '/admin/deletions',
      routes: { ...OPERATOR, 'GET /st/4/admin/deletions': { body: { deletions: [], total: 0 } } },
    });
    expect(await screen.findByText('No account deletions are waiting, running or failed.')).toBeTruthy();
  });
});

describe('work items in the admin area (issue #24)', () => {
  test('counts them by kind, retries a failed one and releases a stuck one', async () => {
    let items = [
      anItem(),
      anItem({ id: 'w2', kind: 'purge', state: 'stuck', attempts: 1, last_error: null }),
    ];
    const { requests, user } = renderApp({
      route: '/admin/work',
      routes: {
        ...OPERATOR,
        'GET /st/4/admin/work_items': () => ({
          body: {
            items,
            kinds: [
              { kind: 'media', failed: items.filter((i) => i.kind === 'media').length, stuck: 0 },
              { kind: 'purge', failed: 0, stuck: items.filter((i) => i.kind === 'purge').length },
            ],
            total: items.length,
          },
        }),
        'POST /st/4/admin/work_items/w1/retry': () => {
          items = items.filter((i) => i.id !== 'w1');
          return { body: { ok: true } };
        },
        'POST /st/4/admin/work_items/w2/retry': () => {
          items = items.filter((i) => i.id !== 'w2');
          return { body: { ok: true } };
        },
      },
    });
    const kinds = await screen.findByRole('list', { name: 'By kind' });
    expect(within(kinds).getByText('1 failed, 0 stuck')).toBeTruthy();
    expect(screen.getByText('Last error: no decoder')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Retry media queued/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Retry this media item?' })).getByRole('button', {
        name: 'Retry',
      }),
    );
    await waitFor(() => {
      expect(screen.queryByText('Last error: no decoder')).toBeNull();
    });
    await user.click(screen.getByRole('button', { name: /^Release purge queued/ }));
    const release = screen.getByRole('dialog', { name: 'Release this purge item?' });
    await user.click(within(release).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('No failed or stuck work items.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      '/st/4/admin/work_items/w1/retry',
      '/st/4/admin/work_items/w2/retry',
    ]);
  });
});

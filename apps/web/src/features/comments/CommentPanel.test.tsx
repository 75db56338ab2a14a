import type { JobInfo } from '@trove/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { anAlbum } from '../../test/factories.ts';
import type { FakeRoutes, SeenRequest } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { CommentPanel } from './CommentPanel.tsx';
import { CALLS, aComment, aLove, aVisitedAlbum, fileComments, gate } from '../../test/comments.ts';

const OWN_ALBUM = anAlbum({ id: 'job-1' });

function renderPanel(options: { album?: JobInfo; routes?: FakeRoutes } = {}) {
  const onClose = vi.fn();
  const result = renderApp({
    element: (
      <CommentPanel
        album={options.album ?? OWN_ALBUM}
        fileId="f-1"
        isLoggedIn
        onClose={onClose}
        onIdentityChange={() => undefined}
      />
    ),
    routes: {
      [`GET ${CALLS.comments}`]: { body: fileComments([aComment()]) },
      'GET /st/4/jobs/job-1/activity': { body: { files: [] } },
      ...options.routes,
    },
  });
  return { ...result, onClose };
}

const input = () => screen.findByRole('textbox', { name: 'Add a comment' });
const sent = (requests: SeenRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.url.pathname === path);

describe('the comment panel (spec 000 §2, §3)', () => {
  test('keeps unsent text for the tab (a visitor back from signing in finds it), not once posted', async () => {
    const first = renderPanel({
      routes: { [`POST ${CALLS.comments}`]: { body: aComment({ comment_uuid: 'c-2', comment: 'Hello' }) } },
    });
    await first.user.type(await input(), 'Half a thought');
    first.unmount();
    const second = renderPanel({
      routes: { [`POST ${CALLS.comments}`]: { body: aComment({ comment_uuid: 'c-2', comment: 'Hello' }) } },
    });
    expect(((await input()) as HTMLTextAreaElement).value).toBe('Half a thought');
    await second.user.click(await input());
    await second.user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' }).value).toBe('');
    });
    second.unmount();
    renderPanel();
    expect(((await input()) as HTMLTextAreaElement).value).toBe('');
  });

  test("shows an author's profile picture the album's people list already holds, asking for nothing", async () => {
    const { container, queryClient, requests } = renderPanel({
      routes: {
        [`GET ${CALLS.comments}`]: {
          body: fileComments([
            aComment(),
            aComment({ comment_uuid: 'c-2', user: 'user-2', author_name: 'Bo' }),
          ]),
        },
      },
    });
    queryClient.setQueryData(['albums', 'users', 'job-1'], {
      users: [
        {
          id: 'user-1',
          name: 'Ada',
          profile_picture_url: '/st/4/profile/picture?user=user-1',
          subscribed: true,
          owner: true,
        },
        { id: 'user-2', name: 'Bo', profile_picture_url: null, subscribed: true, owner: false },
      ],
    });
    await screen.findByText('Bo');
    await waitFor(() => {
      expect(container.querySelector('img.avatar')?.getAttribute('src')).toBe(
        '/st/4/profile/picture?user=user-1',
      );
    });
    // Bo has no picture: the initial.
    expect(container.querySelectorAll('img.avatar')).toHaveLength(1);
    expect(requests.some((r) => r.url.pathname.endsWith('/users'))).toBe(false);
  });

  test('shows each comment as text, never as HTML, with its line breaks', async () => {
    const evil = '<img src=x onerror=alert(1)>\nsecond line';
    const { container } = renderPanel({
      routes: { [`GET ${CALLS.comments}`]: { body: fileComments([aComment({ comment: evil })]) } },
    });
    const panel = await screen.findByRole('complementary', { name: 'Comments' });
    const text = await within(panel).findByText((_, element) => element?.textContent === evil);
    expect(text.tagName).toBe('P');
    expect(container.ownerDocument.querySelector('img')).toBeNull();
    expect(within(panel).getByText('Ada')).toBeTruthy();
    expect(within(panel).getByText('just now')).toBeTruthy();
  });

  test("a guest without a name is 'Guest'; an edited comment says so", async () => {
    renderPanel({
      routes: {
        [`GET ${CALLS.comments}`]: {
          body: fileComments([
            aComment({ user: null, guest_id: 'g-1', author_name: '', last_edit_timestamp: 1_750_000_000 }),
          ]),
        },
      },
    });
    expect(await screen.findByText('Guest')).toBeTruthy();
    expect(screen.getByText('(edited)')).toBeTruthy();
  });

  test('posting: pending makes the input read-only, success clears it and shows the comment', async () => {
    const held = gate();
    const listed = [aComment()];
    const posted = aComment({ comment_uuid: 'c-2', comment: 'What a view' });
    const { user, requests } = renderPanel({
      routes: {
        [`GET ${CALLS.comments}`]: () => ({ body: fileComments(listed) }),
        [`POST ${CALLS.comments}`]: () => {
          listed.push(posted);
          return { body: posted, after: held.after };
        },
      },
    });
    const field = await input();
    expect(screen.queryByRole('button', { name: 'Post comment' })).toBeNull();
    await user.type(field, 'What a view');
    await user.keyboard('{Enter}');
    expect(field).toHaveProperty('readOnly', true);
    expect(screen.getByRole('button', { name: 'Post comment' })).toHaveProperty('disabled', true);
    expect(sent(requests, 'POST', CALLS.comments).map((r) => r.body)).toEqual([{ comment: 'What a view' }]);
    held.open();
    await waitFor(() => {
      expect(field).toHaveProperty('value', '');
    });
    expect(field).toHaveProperty('readOnly', false);
    expect(await screen.findByText('What a view')).toBeTruthy();
  });

  test('Shift+Enter starts a new line; whitespace alone is never posted (spec 000 §5)', async () => {
    const { user, requests } = renderPanel();
    const field = await input();
    await user.type(field, '   {Enter}');
    await user.type(field, 'a{Shift>}{Enter}{/Shift}b');
    expect(field).toHaveProperty('value', '   a\nb');
    expect(sent(requests, 'POST', CALLS.comments)).toEqual([]);
  });

  test("a failed post shows spec 000 §8's message and keeps the text", async () => {
    const { user } = renderPanel({
      routes: {
        [`POST ${CALLS.comments}`]: {
          status: 429,
          body: { error: { code: 'rate_limited', message: 'slow' } },
        },
      },
    });
    await user.type(await input(), 'Again{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Error posting comment. Please try again.');
    expect(await input()).toHaveProperty('value', 'Again');
  });

  test('a failed edit says so and restores the original text', async () => {
    const { user, requests } = renderPanel({
      routes: {
        [`PUT ${CALLS.comment('c-1')}`]: {
          status: 500,
          body: { error: { code: 'internal_error', message: 'x' } },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for the comment by Ada' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const edit = screen.getByRole('textbox', { name: 'Edit comment' });
    await user.clear(edit);
    await user.type(edit, 'Typo here');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not edit comment');
    expect(screen.getByText('Lovely light')).toBeTruthy();
    expect(screen.queryByText('Typo here')).toBeNull();
    expect(sent(requests, 'PUT', CALLS.comment('c-1')).map((r) => r.body)).toEqual([
      { comment: 'Typo here' },
    ]);
  });

  test('an edit: Escape cancels, empty text is not sent, a saved edit shows (edited)', async () => {
    const { user, requests } = renderPanel({
      routes: {
        [`PUT ${CALLS.comment('c-1')}`]: {
          body: aComment({ comment: 'Lovely morning light', last_edit_timestamp: 1_750_000_000 }),
        },
      },
    });
    const menu = () => screen.findByRole('button', { name: 'Actions for the comment by Ada' });
    await user.click(await menu());
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit comment' })).toBeNull();
    await user.click(await menu());
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit comment' }));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(sent(requests, 'PUT', CALLS.comment('c-1'))).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Edit comment' }), 'Lovely morning light{Enter}');
    expect(await screen.findByText('Lovely morning light')).toBeTruthy();
    expect(screen.getByText('(edited)')).toBeTruthy();
  });

  test('delete asks first: Cancel sends nothing, Delete removes the comment', async () => {
    const { user, requests } = renderPanel({
      routes: { [`DELETE ${CALLS.comment('c-1')}`]: { body: {} } },
    });
    const menu = await screen.findByRole('button', { name: 'Actions for the comment by Ada' });
    await user.click(menu);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(requests, 'DELETE', CALLS.comment('c-1'))).toEqual([]);
    expect(screen.getByText('Lovely light')).toBeTruthy();
    await user.click(menu);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete comment?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => {
      expect(screen.queryByText('Lovely light')).toBeNull();
    });
    expect(sent(requests, 'DELETE', CALLS.comment('c-1'))).toHaveLength(1);
  });

  test('a failed delete says so and keeps the comment', async () => {
    const { user } = renderPanel({
      routes: { [`DELETE ${CALLS.comment('c-1')}`]: 'network' },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for the comment by Ada' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not delete comment');
    expect(screen.getByText('Lovely light')).toBeTruthy();
  });

  test('the menu offers Edit only with can_edit and Delete only with can_delete; neither, no menu', async () => {
    const { user } = renderPanel({
      routes: {
        [`GET ${CALLS.comments}`]: {
          body: fileComments([
            aComment({ comment_uuid: 'c-1', author_name: 'Ada', can_edit: false, can_delete: true }),
            aComment({ comment_uuid: 'c-2', author_name: 'Grace', can_edit: false, can_delete: false }),
          ]),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for the comment by Ada' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Delete']);
    expect(screen.queryByRole('button', { name: 'Actions for the comment by Grace' })).toBeNull();
  });

  test.each([
    [
      'the album has comments off',
      {
        role: 'participant',
        allow_comments: false,
        currentUserCan: { ...OWN_ALBUM.currentUserCan, addComment: false },
      },
    ],
    [
      'the member may not comment',
      { role: 'readOnly', currentUserCan: { ...OWN_ALBUM.currentUserCan, addComment: false } },
    ],
  ] as const)('no input when %s', async (_, overrides) => {
    renderPanel({ album: { ...OWN_ALBUM, ...overrides } });
    expect(await screen.findByText('Comments are turned off')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    // Loves do not depend on allow_comments (the server's access table).
    expect(screen.getByRole('button', { name: 'Love' })).toBeTruthy();
    expect(await screen.findByText('Lovely light')).toBeTruthy();
  });

  test('the owner keeps the input with comments off (spec 000 §6: the bit binds the others)', async () => {
    renderPanel({ album: { ...OWN_ALBUM, allow_comments: false } });
    expect(await input()).toBeTruthy();
  });

  test('Escape in the panel closes it, but not while typing', async () => {
    const { user, onClose } = renderPanel();
    await user.type(await input(), 'draft{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('love (spec 000 §4 Reaction, §9 love messages)', () => {
  test('the animation plays first; the love is sent when it ends, clicks during it ignored', async () => {
    const { user, requests } = renderPanel({
      routes: {
        [`GET ${CALLS.comments}`]: { body: fileComments([], [aLove()]) },
        [`POST ${CALLS.reaction}`]: { body: {} },
      },
    });
    expect(await screen.findByText('1 love')).toBeTruthy();
    const love = screen.getByRole('button', { name: 'Love' });
    expect(love.getAttribute('aria-pressed')).toBe('false');
    await user.click(love);
    await user.click(love);
    expect(love.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('You and 1 other love this')).toBeTruthy();
    expect(sent(requests, 'POST', CALLS.reaction)).toEqual([]);
    fireEvent.animationEnd(love);
    await waitFor(() => {
      expect(sent(requests, 'POST', CALLS.reaction)).toHaveLength(1);
    });
    expect(sent(requests, 'POST', CALLS.reaction)[0]?.body).toEqual({
      reaction: 'love',
    });
    fireEvent.animationEnd(love);
    expect(sent(requests, 'POST', CALLS.reaction)).toHaveLength(1);
  });

  test('unloving is sent at once', async () => {
    let loves = [aLove(true)];
    const { user, requests } = renderPanel({
      routes: {
        [`GET ${CALLS.comments}`]: () => ({ body: fileComments([], loves) }),
        [`DELETE ${CALLS.reaction}`]: () => {
          loves = [];
          return { body: {} };
        },
      },
    });
    expect(await screen.findByText('You love this')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Love' }));
    expect(sent(requests, 'DELETE', CALLS.reaction)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Love' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => {
      expect(screen.getByTestId('love-line').textContent).toBe('');
    });
  });
});

describe('the sign-in prompt (spec 000 §2; §4 "cancelling denies the request"; §6 Visitor)', () => {
  const SIGNED_OUT = { login: { status: 'UNAUTHENTICATED', notice: null }, token: null } as const;
  const GUEST = { guest: 'gt.1.abc', guest_id: 'guest-1', name: '', expires: Date.now() / 1000 + 3600 };

  function renderAsVisitor(routes: FakeRoutes = {}) {
    const onIdentityChange = vi.fn();
    const result = renderApp({
      ...SIGNED_OUT,
      route: '/comments/job-1/f-1',
      element: (
        <CommentPanel
          album={aVisitedAlbum()}
          fileId="f-1"
          isLoggedIn={false}
          onClose={() => undefined}
          onIdentityChange={onIdentityChange}
        />
      ),
      routes: {
        [`GET ${CALLS.comments}`]: { body: fileComments([]) },
        [`POST ${CALLS.guests}`]: (request) => ({
          body: { ...GUEST, name: (request.body as { name: string }).name },
        }),
        [`POST ${CALLS.comments}`]: {
          body: aComment({ comment_uuid: 'c-9', comment: 'Hej', author_name: '' }),
        },
        [`POST ${CALLS.reaction}`]: { body: {} },
        ...routes,
      },
    });
    return { ...result, onIdentityChange };
  }
  const prompt = () => screen.findByRole('dialog', { name: 'Who is commenting?' });
  const changes = (requests: SeenRequest[]) => requests.filter((request) => request.method !== 'GET');

  test('focus and typing ask nothing (issue #23); sending asks; Cancel and Escape send nothing and keep the text', async () => {
    const { user, requests } = renderAsVisitor();
    await user.click(await input());
    await user.keyboard('Hej');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await input()).toHaveProperty('value', 'Hej');
    await user.keyboard('{Enter}');
    const dialog = await prompt();
    expect(within(dialog).getByRole('textbox', { name: 'Your name' })).toBe(document.activeElement);
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?redir=%2Fcomments%2Fjob-1%2Ff-1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await input()).toHaveProperty('value', 'Hej');
    await user.keyboard('{Enter}');
    await prompt();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await input()).toHaveProperty('value', 'Hej');
    expect(changes(requests)).toEqual([]);
  });

  test('Continue as guest asks for a guest token, then posts the comment with it', async () => {
    const { user, requests, onIdentityChange } = renderAsVisitor();
    await user.click(await input());
    await user.keyboard('Hej{Enter}');
    await user.click(within(await prompt()).getByRole('button', { name: 'Continue as guest' }));
    await waitFor(() => {
      expect(changes(requests).map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
        `POST ${CALLS.guests}`,
        `POST ${CALLS.comments}`,
      ]);
    });
    const [join, post] = changes(requests);
    expect(join?.body).toEqual({ name: '' });
    expect(join?.headers.has('x-guest-auth')).toBe(false);
    expect(post?.headers.get('x-guest-auth')).toBe('gt.1.abc');
    expect(post?.body).toEqual({ comment: 'Hej' });
    expect(onIdentityChange).toHaveBeenCalled();
    expect(localStorage.getItem('trove.album_guest.job-1')).toContain('gt.1.abc');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Comment as {name} gives the name, then posts the comment typed before', async () => {
    const { user, requests } = renderAsVisitor();
    await user.click(await input());
    await user.keyboard('Hej{Enter}');
    await user.type(within(await prompt()).getByRole('textbox', { name: 'Your name' }), ' Kari ');
    await user.click(screen.getByRole('button', { name: 'Comment as Kari' }));
    await waitFor(() => {
      expect(changes(requests).map((r) => r.body)).toEqual([{ name: 'Kari' }, { comment: 'Hej' }]);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a love waits for the prompt, then plays and is sent as the guest', async () => {
    const { user, requests } = renderAsVisitor();
    await user.click(await screen.findByRole('button', { name: 'Love' }));
    await user.click(within(await prompt()).getByRole('button', { name: 'Continue as guest' }));
    const love = screen.getByRole('button', { name: 'Love' });
    await waitFor(() => {
      expect(love.getAttribute('aria-pressed')).toBe('true');
    });
    fireEvent.animationEnd(love);
    await waitFor(() => {
      expect(changes(requests).map((r) => r.url.pathname)).toEqual([CALLS.guests, CALLS.reaction]);
    });
    expect(changes(requests)[1]?.headers.get('x-guest-auth')).toBe('gt.1.abc');
  });

  test('a failed join says so and keeps the prompt open', async () => {
    const { user } = renderAsVisitor({
      [`POST ${CALLS.guests}`]: { status: 404, body: { error: { code: 'not_found', message: 'x' } } },
    });
    await user.click(await input());
    await user.keyboard('Hej{Enter}');
    await user.click(within(await prompt()).getByRole('button', { name: 'Continue as guest' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not continue. Please try again.');
    expect(screen.getByRole('dialog', { name: 'Who is commenting?' })).toBeTruthy();
  });
});

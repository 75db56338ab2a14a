import { act, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { createDialogQueue, useDialogOpener, type DialogQueue } from './dialog-queue.ts';
import { DialogLayer } from './DialogLayer.tsx';

interface NoteProps {
  text: string;
  onClose: () => void;
}

/** A dialog that shows its text, and a Close button that is its onClose. */
function Note({ text, onClose }: NoteProps) {
  return (
    <div role="dialog">
      {text}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

/** The layer of `queue`, as the page frame mounts one. */
function Layer({ queue }: { queue: DialogQueue<NoteProps> }) {
  return <DialogLayer queue={queue} dialog={Note} />;
}

/** A poster that opens `text` with the opener on its mount, handing out the taking back. */
function Poster(props: {
  queue: DialogQueue<NoteProps>;
  onOpened: (open: (text: string) => () => void) => void;
}) {
  const open = useDialogOpener(props.queue);
  props.onOpened((text) => open({ text }));
  return null;
}

function setup() {
  const queue = createDialogQueue<NoteProps>();
  let open: (text: string) => () => void = () => () => undefined;
  const view = render(
    <>
      <Poster
        queue={queue}
        onOpened={(opener) => {
          open = opener;
        }}
      />
      <Layer queue={queue} />
    </>,
  );
  return {
    queue,
    open: (text: string) => {
      act(() => {
        open(text);
      });
    },
    view,
  };
}

describe('dialog requests (See: [Note: Dialog requests])', () => {
  test('the layer shows the oldest request; its close takes it out and runs the poster’s onClose', () => {
    const queue = createDialogQueue<NoteProps>();
    const onClose = vi.fn();
    render(<Layer queue={queue} />);
    act(() => {
      queue.open({ text: 'first', onClose });
      queue.open({ text: 'second' });
    });
    expect(screen.getByRole('dialog').textContent).toContain('first');
    act(() => {
      screen.getByRole('button', { name: 'Close' }).click();
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog').textContent).toContain('second');
    act(() => {
      screen.getByRole('button', { name: 'Close' }).click();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a request taken back goes without its onClose', () => {
    const queue = createDialogQueue<NoteProps>();
    const onClose = vi.fn();
    render(<Layer queue={queue} />);
    let takeBack: () => void = () => undefined;
    act(() => {
      takeBack = queue.open({ text: 'note', onClose });
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => {
      takeBack();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('what a component opened is taken back when it unmounts, and only then', () => {
    const { queue, open, view } = setup();
    open('kept open');
    expect(screen.getByRole('dialog').textContent).toContain('kept open');
    view.rerender(<Layer queue={queue} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(queue.store.getState().entries).toEqual([]);
  });
});

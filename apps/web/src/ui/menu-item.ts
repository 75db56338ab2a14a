import type { ReactNode } from 'react';

/** One entry of a menu (ui/Menu.tsx): an action, or a switch when `checked` is set. */
export interface MenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  /** A switch (menuitemcheckbox) and its state. */
  checked?: boolean;
  /** Stays focusable (and announced as unavailable) but does nothing. */
  isDisabled?: boolean;
  isDanger?: boolean;
}

import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  icon: IconName;
  title: string;
  text: string;
  action?: ReactNode;
  /** h2 under a page that has its own h1 title (one h1 per page). */
  heading?: 'h1' | 'h2';
}

/** A centred "nothing here yet" block: icon, heading, one line of text and an optional action. */
export function EmptyState({ icon, title, text, action, heading = 'h1' }: EmptyStateProps) {
  const Heading = heading;
  return (
    <section className="empty-state">
      <div className="empty-state__icon">
        <Icon name={icon} size={48} />
      </div>
      <Heading className="empty-state__title">{title}</Heading>
      <p className="empty-state__text">{text}</p>
      {action}
    </section>
  );
}

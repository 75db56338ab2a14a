import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  icon: IconName;
  title: string;
  text: string;
  action?: ReactNode;
}

/** A centred "nothing here yet" block: icon, heading, one line of text and an optional action. */
export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <section className="empty-state">
      <div className="empty-state__icon">
        <Icon name={icon} size={48} />
      </div>
      <h1 className="empty-state__title">{title}</h1>
      <p className="empty-state__text">{text}</p>
      {action}
    </section>
  );
}

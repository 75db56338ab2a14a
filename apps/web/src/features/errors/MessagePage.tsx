import type { ReactNode } from 'react';
import { Icon } from '../../ui/icons.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** The frame of the error pages: an icon, the title (also the tab's), a text, and their ways on. */
export function MessagePage({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <Icon name="error" size={48} />
      </div>
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link that stays inside the app for paths ('/legal/terms') and opens other sites in a new
 * tab: operators may point brand links at either (spec 001 §2 footer).
 */
export function AppLink({
  href,
  className,
  onClick,
  children,
}: {
  href: string;
  className?: string;
  /** Called as the link is followed, e.g. to close the dialog it sits in. */
  onClick?: () => void;
  children: ReactNode;
}) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {children}
    </a>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import { Head } from './head.js';

interface AuthPageProps {
  title: string;
  description?: string;
  children: ReactNode;
  /** Wider column for the account page's sections. */
  wide?: boolean;
}

/** The frame of the account pages: never indexed (they are about one visitor), one narrow column on phones. */
export function AuthPage({ title, description, children, wide }: AuthPageProps) {
  return (
    <div className={wide ? 'auth-page auth-page--wide' : 'auth-page'}>
      <Head title={title} description={description} noindex />
      <header className="page-header">
        <h1>{title}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </header>
      {children}
    </div>
  );
}

/** The outcome of a finished step: it takes focus once, so a screen reader reads it at once. */
export function DoneCard({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="auth-card" role="status" tabIndex={-1} ref={ref}>
      {children}
    </div>
  );
}

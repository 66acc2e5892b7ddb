import { useId, type ReactNode } from 'react';

/** One titled part of the account page, a landmark of its own for screen-reader navigation. */
export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section id={id} className="account-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}

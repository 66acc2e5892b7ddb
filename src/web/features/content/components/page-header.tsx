import type { ReactNode } from 'react';

interface PageHeaderProps {
  /** What kind of page this is (category, tag...), shown above the title. */
  kicker?: string;
  title: string;
  description?: string;
  children?: ReactNode;
}

export function PageHeader({ kicker, title, description, children }: PageHeaderProps) {
  return (
    <header className="page-header">
      {kicker && <p className="page-header__kicker">{kicker}</p>}
      <h1>{title}</h1>
      {description && <p className="page-header__description">{description}</p>}
      {children}
    </header>
  );
}

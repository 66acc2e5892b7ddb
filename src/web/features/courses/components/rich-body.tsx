import { useEffect, useRef } from 'react';

/**
 * A course's or a lesson's text as the server wrote it (sanitised then). Code blocks and tables scroll sideways
 * on a phone, so keyboard users can focus them to scroll.
 */
export function RichBody({ html, className, lang }: { html: string; className: string; /** The language the text is written in. */ lang?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>('pre, table').forEach((block) => {
      block.tabIndex = 0;
    });
  }, [html]);
  return <div ref={ref} className={className} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}

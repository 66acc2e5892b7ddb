import { Link } from 'react-router-dom';

/** A piece's version in the other language, named in that language (the reader may not read this one's). */
const LABELS: Record<string, string> = { en: 'Read in English', 'zh-CN': '阅读中文版' };

/**
 * `label` names the link instead (a page that says what the piece is, in the language the link leads to);
 * without it, the generic label of that language.
 */
export function TranslationLink({
  translation,
  to,
  label,
}: {
  translation: { id: number; language: string; title: string } | null | undefined;
  to: (id: number) => string;
  label?: string;
}) {
  if (!translation) return null;
  return (
    <p className="meta translation-link">
      <Link to={to(translation.id)} lang={translation.language} hrefLang={translation.language} title={translation.title}>
        {label ?? LABELS[translation.language] ?? translation.title}
      </Link>
    </p>
  );
}

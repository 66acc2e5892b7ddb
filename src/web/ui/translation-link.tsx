import { Link } from 'react-router-dom';

/** A piece's version in the other language, named in that language (the reader may not read this one's). */
const LABELS: Record<string, string> = { en: 'Read in English', 'zh-CN': '阅读中文版' };

export function TranslationLink({ translation, to }: { translation: { id: number; language: string; title: string } | null | undefined; to: (id: number) => string }) {
  if (!translation) return null;
  return (
    <p className="meta translation-link">
      <Link to={to(translation.id)} lang={translation.language} hrefLang={translation.language} title={translation.title}>
        {LABELS[translation.language] ?? translation.title}
      </Link>
    </p>
  );
}

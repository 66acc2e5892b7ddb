import { useEffect, useId, useRef, useState } from 'react';
import { useHttp } from '../../../app/context.js';
import { useOnline } from '../../../lib/online-status.js';
import { PicturePicker } from './picture-picker.js';
import { previewMarkdown } from './writing-api.js';
import { useWritingI18n } from './writing-i18n.js';

const PREVIEW_DELAY_MS = 400;

/**
 * Markdown beside its preview. The preview is the site's own rendering (the server's renderer and sanitiser,
 * which store every body readers read), asked for a moment after typing stops.
 */
export function MarkdownField({ label, value, onChange, lang, readOnly = false }: { label: string; value: string; onChange: (next: string) => void; lang?: string; readOnly?: boolean }) {
  const { t } = useWritingI18n();
  const http = useHttp();
  const online = useOnline();
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [html, setHtml] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewMarkdown(http, value, controller.signal).then(
        (answer) => setHtml(answer.html),
        () => undefined,
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [http, value, online]);

  const insert = (text: string) => {
    const el = area.current;
    const at = el ? el.selectionStart : value.length;
    const end = el ? el.selectionEnd : value.length;
    onChange(`${value.slice(0, at)}${text}${value.slice(end)}`);
  };

  return (
    <div className="writing-markdown">
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea id={id} ref={area} lang={lang} rows={14} value={value} maxLength={200_000} readOnly={readOnly} onChange={(event) => onChange(event.target.value)} />
        {!readOnly && <PicturePicker label={t('write.insertPicture')} onPick={(picture) => insert(`\n![${picture.title}](${picture.url})\n`)} />}
      </div>
      <section className="writing-preview" aria-label={t('write.preview')}>
        <h3 className="writing-preview__title">{t('write.preview')}</h3>
        {!online && <p className="field__hint">{t('write.previewOffline')}</p>}
        {/* The server's sanitised HTML, as the article page shows it. */}
        {html !== null && <div className="article-body writing-preview__body" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />}
      </section>
    </div>
  );
}

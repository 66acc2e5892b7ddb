import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { COMMENT_MAX_LENGTH, commentLength, isBlankComment } from '../../../../shared/api/comments-paths.js';
import { useHttp } from '../../../app/context.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { previewComment } from '../api/comments.js';
import { useCommentsI18n } from '../comments-i18n.js';

interface CommentFormProps {
  label: string;
  submitLabel: string;
  /** Sends the text; resolves true when it was posted (the form then empties). */
  onSubmit(text: string): Promise<boolean>;
  onCancel?: () => void;
  /** Focus the text box on opening (a reply form opened by its button). */
  autoFocus?: boolean;
}

/** A labelled text box with its limit, a preview as the server will show it, and the post button. */
export function CommentForm({ label, submitLabel, onSubmit, onCancel, autoFocus = false }: CommentFormProps) {
  const http = useHttp();
  const { t, main, lang } = useCommentsI18n();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ html: string } | { error: string } | null>(null);

  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || isBlankComment(text) || commentLength(text) > COMMENT_MAX_LENGTH) return;
    setBusy(true);
    try {
      if (await onSubmit(text)) {
        setText('');
        setPreview(null);
      }
    } finally {
      setBusy(false);
    }
  };

  const showPreview = async () => {
    try {
      setPreview({ html: (await previewComment(http, text)).comment });
    } catch (err) {
      setPreview({ error: t('comments.previewFailed', { reason: describeServerError(err, main, lang) }) });
    }
  };

  // Counted in characters as the server counts them (a text box's own limit counts an emoji twice).
  const left = COMMENT_MAX_LENGTH - commentLength(text);
  const blank = isBlankComment(text);
  return (
    <form className="comment-form" onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea
        ref={box}
        id={`${id}-text`}
        name="comment"
        rows={4}
        required
        aria-invalid={left < 0 || undefined}
        value={text}
        aria-describedby={`${id}-hint ${id}-left`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onCancel) onCancel();
        }}
      />
      <p className="meta" id={`${id}-hint`}>{t('comments.hint', { max: COMMENT_MAX_LENGTH })}</p>
      <p className={left < 0 ? 'form-error' : 'meta'} id={`${id}-left`}>
        {left < 0 ? t('comments.charsOver', { count: -left }) : t('comments.charsLeft', { count: left })}
      </p>
      {preview && (
        <div className="comment-form__preview" aria-label={t('comments.previewTitle')} role="region">
          {'html' in preview ? (
            // Made by the server from plain text: every character escaped, only its own paragraphs and links.
            <div className="comment__body" dangerouslySetInnerHTML={{ __html: preview.html }} />
          ) : (
            <p className="form-error">{preview.error}</p>
          )}
        </div>
      )}
      <div className="comment-form__actions">
        <button type="submit" className="button" disabled={busy || blank || left < 0}>
          {busy ? t('comments.posting') : submitLabel}
        </button>
        <button type="button" className="button button--quiet" disabled={blank} onClick={() => void showPreview()}>
          {t('comments.preview')}
        </button>
        {onCancel && (
          <button type="button" className="button button--quiet" onClick={onCancel}>
            {t('comments.cancelReply')}
          </button>
        )}
      </div>
    </form>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useHttp } from '../../../app/context.js';
import { useOnline } from '../../../lib/online-status.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { ConfirmDelete } from '../components/confirm-dialog.js';
import { itemAction, writingKeys, type EditorialAction, type EditorialItem } from './writing-api.js';
import { writingPaths } from './writing-paths.js';
import { useWritingI18n } from './writing-i18n.js';

interface Props {
  item: EditorialItem;
  /** Sends what is still waiting; true once the site has every change (an action acts on the saved item). */
  flush: () => Promise<boolean>;
  onDone: (item: EditorialItem, note: string) => void;
}

const localInput = (iso: string | null) => {
  const at = iso ? new Date(iso) : new Date(Date.now() + 60 * 60 * 1000);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * Publish (with the changes that wait), unpublish, schedule at a time, copy, create an alias, delete, and the
 * revisions; an alias names its original and offers to become an ordinary item instead of its own publication.
 */
export function EditorActions({ item, flush, onDone }: Props) {
  const { t, lang } = useWritingI18n();
  const http = useHttp();
  const online = useOnline();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [at, setAt] = useState(localInput(item.scheduled_at));
  const atId = useId();

  const run = async (action: EditorialAction, body?: Record<string, unknown>, note = '') => {
    if (pending) return;
    setProblem('');
    if (!online) {
      setProblem(t('write.needsConnection'));
      return;
    }
    setPending(true);
    try {
      if (!(await flush())) {
        setProblem(t('write.sync.pending'));
        return;
      }
      const answer = await itemAction(http, item.kind, item.id, action, body);
      await queryClient.invalidateQueries({ queryKey: writingKeys.all });
      if (action === 'delete') {
        await navigate(item.kind === 'lesson' ? writingPaths.edit('course', Number(item.fields.course_id)) : writingPaths.list(item.kind), { replace: true });
        return;
      }
      if ((action === 'copy' || action === 'create_alias') && answer) {
        await navigate(writingPaths.edit(item.kind, answer.id), { state: { notice: t(action === 'copy' ? 'write.copied' : 'write.aliasCreated') } });
        return;
      }
      if (answer) onDone(answer, note);
    } catch (caught) {
      setProblem(describeServerError(caught, t, lang));
    } finally {
      setPending(false);
      setDeleting(false);
    }
  };

  const live = item.status === 'live';
  // An alias is published with its original and shows its content: it is converted, never published on its own.
  const alias = item.alias_of;
  return (
    <section className="staff-actions writing-actions" aria-label={t('write.publish')}>
      {alias && (
        <div className="writing-alias" role="note">
          <p>
            {t('write.aliasOf')} <Link to={writingPaths.edit(item.kind, alias.id)}>{alias.title || t('write.untitled')}</Link>
          </p>
          <p className="field__hint">{t('write.aliasHint')}</p>
          <button type="button" className="button button--quiet" aria-disabled={pending} onClick={() => void run('convert_alias', undefined, t('write.aliasConverted'))}>
            {t(`write.aliasConvert.${item.kind}`)}
          </button>
        </div>
      )}
      {!alias && item.aliases.length > 0 && (
        <p>
          {t('write.aliases')}:{' '}
          {item.aliases.map((entry, index) => (
            <span key={entry.id}>
              {index > 0 && ', '}
              <Link to={writingPaths.edit(item.kind, entry.id)}>{entry.title || t('write.untitled')}</Link>
            </span>
          ))}
        </p>
      )}
      <p>
        <span className={live ? 'staff-tag staff-tag--live' : 'staff-tag'}>{t(`write.status.${item.status}`)}</span>{' '}
        {item.status === 'scheduled' && item.scheduled_at && t('write.scheduledFor', { date: new Date(item.scheduled_at).toLocaleString(lang) })}
        {item.unpublished_changes && t('write.unpublishedChanges')}
        {live && (
          <>
            {' '}
            <a href={item.html_url}>{t('write.view')}</a>
          </>
        )}
      </p>
      <div className="staff-actions__buttons">
        {!alias && (!live || item.unpublished_changes) && (
          <button type="button" className="button" aria-disabled={pending} onClick={() => void run('publish', undefined, t('write.published'))}>
            {live ? t('write.publishChanges') : t('write.publish')}
          </button>
        )}
        {!alias && live && item.kind !== 'lesson' && (
          <button type="button" className="button button--quiet" aria-disabled={pending} onClick={() => void run('unpublish', undefined, t('write.unpublished'))}>
            {t('write.unpublish')}
          </button>
        )}
        <Link className="button button--quiet" to={writingPaths.revisions(item.kind, item.id)}>{t('write.revisions')}</Link>
        <button type="button" className="button button--quiet" onClick={() => void run('copy', { slug: '' })}>{t('write.copy')}</button>
        <button type="button" className="button button--quiet" onClick={() => void run('create_alias', {})}>{t('write.createAlias')}</button>
        <button type="button" className="button button--quiet staff-danger--quiet" onClick={() => setDeleting(true)}>{t('write.delete')}</button>
      </div>
      {!alias && !live && item.kind !== 'lesson' && (
        <div className="writing-schedule">
          <div className="field">
            <label htmlFor={atId}>{t('write.scheduleAt')}</label>
            <input id={atId} type="datetime-local" step={1} value={at} onChange={(event) => setAt(event.target.value)} />
          </div>
          <button type="button" className="button button--quiet" onClick={() => void run('schedule', { at: new Date(at).toISOString() }, t('write.scheduled'))}>
            {t('write.schedule')}
          </button>
          {item.status === 'scheduled' && (
            <button type="button" className="button button--quiet" onClick={() => void run('unschedule')}>{t('write.unschedule')}</button>
          )}
        </div>
      )}
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <ConfirmDelete title={deleting ? String(item.fields.title || t('write.untitled')) : null} pending={pending} onConfirm={() => void run('delete')} onClose={() => setDeleting(false)} />
    </section>
  );
}

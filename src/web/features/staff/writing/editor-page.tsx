import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { EDITABLE_KINDS } from '../../../../shared/api/content-editorial-paths.js';
import { useHttp } from '../../../app/context.js';
import { useSession } from '../../../lib/session/session-context.js';
import { ApiError } from '../../../lib/http.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { Head } from '../../../ui/head.js';
import { CourseLessons } from './course-lessons.js';
import { EditorActions } from './editor-actions.js';
import { defaultFields, EditorFields } from './editor-fields.js';
import { useDraftSync, type SyncState } from './use-draft-sync.js';
import { writingItemQuery, writingKeys, type EditableKind, type EditorialItem } from './writing-api.js';
import { writingPaths } from './writing-paths.js';
import { useWritingI18n } from './writing-i18n.js';
import './writing.css';

const isKind = (value: string | undefined): value is EditableKind => (EDITABLE_KINDS as readonly string[]).includes(value ?? '');

/** `/staff/write/:kind/new` and `/staff/write/:kind/:id` (one route): the editor of an article, course, lesson or page. */
export function Component() {
  const { t, lang } = useWritingI18n();
  const http = useHttp();
  const session = useSession();
  const location = useLocation();
  const { kind, id: idParam } = useParams();
  const [query] = useSearchParams();
  const id = idParam === undefined || idParam === 'new' ? null : Number(idParam);
  const valid = isKind(kind) && (id === null || (Number.isSafeInteger(id) && id > 0));
  // A new item keeps its editor (and what is being typed) when its first save gives it an address.
  const keptKey = (location.state as { editorKey?: string } | null)?.editorKey;
  const item = useQuery({ ...writingItemQuery(http, isKind(kind) ? kind : 'article', id ?? 0), enabled: valid && id !== null });
  const owner = session.auth?.userid ?? 0;
  // Opened again, an item is read afresh before its editor starts: the copy kept from an earlier visit may be
  // another editor's past. (This route stays mounted from one item to the next: its own effect, per item.)
  const queryClient = useQueryClient();
  // Per visit (the location's own key): coming back to the same item reads it again.
  const itemKey = `${kind}:${id}:${location.key}`;
  const [freshFor, setFreshFor] = useState<string | null>(null);
  useEffect(() => {
    if (!valid || id === null || keptKey) return;
    let live = true;
    const done = () => live && setFreshFor(itemKey);
    queryClient.fetchQuery({ ...writingItemQuery(http, kind, id), staleTime: 0 }).then(done, done);
    return () => {
      live = false;
    };
  }, [queryClient, http, kind, id, valid, keptKey, itemKey]);

  if (!valid || (item.error instanceof ApiError && item.error.status === 404)) return <p className="form-error" role="alert">{t('error.notFoundTitle')}</p>;
  if (item.error && !item.data) return <p className="form-error" role="alert">{describeServerError(item.error, t, lang)}</p>;
  if ((id !== null && (!item.data || (freshFor !== itemKey && !keptKey))) || owner === 0) return <p role="status">{t('common.loading')}</p>;
  const courseId = Number(query.get('course')) || undefined;
  const editorKey = keptKey ?? `${kind}:${id ?? 'new'}`;
  return <Editor key={editorKey} editorKey={editorKey} kind={kind} item={item.data ?? null} owner={owner} courseId={courseId} />;
}

const SYNC_TEXT: Record<SyncState, 'write.sync.saved' | 'write.sync.saving' | 'write.sync.pending' | 'write.sync.offline' | 'write.sync.invalid' | 'write.conflict'> = {
  saved: 'write.sync.saved',
  saving: 'write.sync.saving',
  pending: 'write.sync.pending',
  offline: 'write.sync.offline',
  invalid: 'write.sync.invalid',
  conflict: 'write.conflict',
};

function Editor({ editorKey, kind, item, owner, courseId }: { editorKey: string; kind: EditableKind; item: EditorialItem | null; owner: number; courseId?: number }) {
  const { t } = useWritingI18n();
  const http = useHttp();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<EditorialItem | null>(item);
  const [note, setNote] = useState((location.state as { notice?: string } | null)?.notice ?? '');
  const draft = useDraftSync({
    http,
    kind,
    owner,
    item,
    defaults: defaultFields(kind, courseId),
    newKey: kind === 'lesson' ? `lesson:new:${courseId ?? 0}` : `${kind}:new`,
    onSaved: (saved, created) => {
      setCurrent(saved);
      queryClient.setQueryData(writingKeys.item(kind, saved.id), saved);
      if (created) void navigate(writingPaths.edit(kind, saved.id), { replace: true, state: { editorKey } });
    },
  });

  const title = String(draft.fields.title ?? '') || t('write.untitled');
  const courseOf = kind === 'lesson' ? Number(draft.fields.course_id) : 0;
  const reload = async () => {
    if (!current) return;
    const fresh = await queryClient.fetchQuery({ ...writingItemQuery(http, kind, current.id), staleTime: 0 });
    setCurrent(fresh);
  };

  return (
    <>
      <Head title={t('write.edit', { title })} noindex />
      <p className="staff-back">
        {courseOf ? <Link to={writingPaths.edit('course', courseOf)}>{t('write.backToCourse')}</Link> : <Link to={writingPaths.list(kind)}>{t('write.back')}</Link>}
      </p>
      <header className="page-header">
        <h1>{current ? t('write.edit', { title }) : t(`write.new.${kind}`)}</h1>
      </header>
      <p className={`writing-sync writing-sync--${draft.sync}`} role="status" data-sync={draft.sync}>
        {t(SYNC_TEXT[draft.sync], { message: draft.problem })}
        {draft.restored && draft.sync !== 'conflict' && <> {t('write.sync.restored')}</>}
      </p>
      {draft.conflict && (
        <div className="writing-conflict" role="alert">
          <p>{draft.conflict === 'device' ? t('write.conflictDevice') : t('write.conflict')}</p>
          <button type="button" className="button" onClick={() => void draft.takeTheirs()}>{t('write.takeTheirs')}</button>{' '}
          <button type="button" className="button button--quiet" onClick={() => void draft.keepMine()}>{t('write.keepMine')}</button>
        </div>
      )}
      {note && <p className="staff-status" role="status">{note}</p>}
      {current && (
        <EditorActions
          item={current}
          flush={draft.flush}
          onDone={(answer, text) => {
            setCurrent(answer);
            draft.adopt(answer, false);
            setNote(text);
          }}
        />
      )}
      <form className="staff-form writing-form" onSubmit={(event) => event.preventDefault()} noValidate>
        <EditorFields kind={kind} fields={draft.fields} onChange={draft.change} itemId={current?.id} alias={Boolean(current?.alias_of)} />
      </form>
      {kind === 'course' && current && <CourseLessons course={current} onMoved={reload} />}
    </>
  );
}

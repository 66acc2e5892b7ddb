import { useQuery, useQueryClient } from '@tanstack/react-query';
import { diffWords } from 'diff';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { EDITABLE_KINDS } from '../../../../shared/api/content-editorial-paths.js';
import { useHttp } from '../../../app/context.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { Head } from '../../../ui/head.js';
import { itemAction, revisionQuery, revisionsQuery, writingKeys, type EditableKind, type RevisionDetail } from './writing-api.js';
import { writingPaths } from './writing-paths.js';
import { useWritingI18n } from './writing-i18n.js';
import './writing.css';

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/** `/staff/write/:kind/:id/revisions`: who saved what when; two revisions side by side; going back to one. */
export function Component() {
  const { t, lang } = useWritingI18n();
  const http = useHttp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { kind, id: idParam } = useParams();
  const id = Number(idParam);
  const valid = (EDITABLE_KINDS as readonly string[]).includes(kind ?? '') && Number.isSafeInteger(id) && id > 0;
  const k = (valid ? kind : 'article') as EditableKind;
  const list = useQuery({ ...revisionsQuery(http, k, id), enabled: valid });
  const [chosen, setChosen] = useState<[number, number] | null>(null);
  const [problem, setProblem] = useState('');
  const revisions = list.data ?? [];
  const pair = chosen ?? (revisions.length >= 2 ? [revisions[1]!.id, revisions[0]!.id] : null);
  const older = useQuery({ ...revisionQuery(http, k, id, pair?.[0] ?? 0), enabled: pair !== null });
  const newer = useQuery({ ...revisionQuery(http, k, id, pair?.[1] ?? 0), enabled: pair !== null });

  if (!valid) return <p className="form-error" role="alert">{t('error.notFoundTitle')}</p>;

  const revert = async (revision: number) => {
    setProblem('');
    try {
      const answer = await itemAction(http, k, id, 'revert_to_page_revision', { revision_id: revision });
      await queryClient.invalidateQueries({ queryKey: writingKeys.all });
      if (answer) queryClient.setQueryData(writingKeys.item(k, id), answer);
      await navigate(writingPaths.edit(k, id), { state: { notice: t('write.reverted', { id: revision }) } });
    } catch (caught) {
      setProblem(describeServerError(caught, t, lang));
    }
  };

  const choose = (side: 0 | 1, revision: number) => setChosen((pair ? (side === 0 ? [revision, pair[1]] : [pair[0], revision]) : [revision, revision]) as [number, number]);

  return (
    <>
      <Head title={t('write.revisions')} noindex />
      <p className="staff-back"><Link to={writingPaths.edit(k, id)}>{t('write.back')}</Link></p>
      <header className="page-header"><h1>{t('write.revisions')}</h1></header>
      {list.error && <p className="form-error" role="alert">{describeServerError(list.error, t, lang)}</p>}
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <table className="writing-revisions">
        <thead>
          <tr><th>{t('write.older')}</th><th>{t('write.newer')}</th><th>{t('write.revisions')}</th><th /></tr>
        </thead>
        <tbody>
          {revisions.map((r) => (
            <tr key={r.id}>
              <td><input type="radio" name="older" aria-label={`${t('write.older')} ${r.id}`} checked={pair?.[0] === r.id} onChange={() => choose(0, r.id)} /></td>
              <td><input type="radio" name="newer" aria-label={`${t('write.newer')} ${r.id}`} checked={pair?.[1] === r.id} onChange={() => choose(1, r.id)} /></td>
              <td>
                #{r.id} {r.title} <span className="field__hint">{t('write.revisionBy', { name: r.author.name, date: new Date(r.created_at).toLocaleString(lang) })}{r.note && ` · ${r.note}`}</span>
              </td>
              <td><button type="button" className="button button--quiet button--small" onClick={() => void revert(r.id)} aria-label={`${t('write.revert')} #${r.id}`}>{t('write.revert')}</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      {pair && older.data && newer.data && <Compare a={older.data} b={newer.data} title={t('write.compareTitle', { a: older.data.id, b: newer.data.id })} />}
    </>
  );
}

/** Each field that differs, the older on the left, the newer on the right, the changed words marked. */
function Compare({ a, b, title }: { a: RevisionDetail; b: RevisionDetail; title: string }) {
  const names = [...new Set([...Object.keys(a.fields), ...Object.keys(b.fields)])].filter((name) => text(a.fields[name]) !== text(b.fields[name]));
  return (
    <section className="writing-compare" aria-label={title}>
      <h2>{title}</h2>
      {names.map((name) => {
        const parts = diffWords(text(a.fields[name]), text(b.fields[name]));
        return (
          <div key={name} className="writing-compare__field">
            <h3>{name}</h3>
            <div className="writing-compare__sides">
              <pre className="writing-compare__side">{parts.filter((p) => !p.added).map((p, i) => (p.removed ? <del key={i}>{p.value}</del> : <span key={i}>{p.value}</span>))}</pre>
              <pre className="writing-compare__side">{parts.filter((p) => !p.removed).map((p, i) => (p.added ? <ins key={i}>{p.value}</ins> : <span key={i}>{p.value}</span>))}</pre>
            </div>
          </div>
        );
      })}
    </section>
  );
}

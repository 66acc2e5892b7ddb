import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useI18n } from '../../app/context.js';
import { groupOperations, type OpenApiDocument } from './openapi.js';
import { OperationForm } from './operation-form.js';

/** The API description the server generates from the contract. */
export const OPENAPI_URL = '/api/openapi.json';

async function fetchOpenApi(): Promise<OpenApiDocument> {
  const response = await fetch(OPENAPI_URL, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return (await response.json()) as OpenApiDocument;
}

/** Every operation of the API, grouped by tag, each one opening a form to call it. Browser only. */
export function ApiPlayground() {
  const { t } = useI18n();
  const doc = useQuery({ queryKey: ['openapi'], queryFn: fetchOpenApi, staleTime: Infinity });
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const needle = useDeferredValue(filter.trim().toLowerCase());

  if (doc.isPending) return <p role="status">{t('playground.loading')}</p>;
  if (doc.isError) return <p role="alert" className="form-error">{t('playground.loadFailed', { reason: doc.error.message })}</p>;

  const groups = groupOperations(doc.data)
    .map((group) => ({
      ...group,
      operations: group.operations.filter((op) => !needle || `${op.id} ${op.summary} ${group.tag}`.toLowerCase().includes(needle)),
    }))
    .filter((group) => group.operations.length > 0);

  return (
    <div className="playground">
      <div className="field">
        <label htmlFor="playground-filter">{t('playground.filter')}</label>
        <input id="playground-filter" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} autoComplete="off" />
      </div>
      {groups.map((group) => (
        <section key={group.tag} aria-labelledby={`tag-${group.tag}`} className="operation-group">
          <h2 id={`tag-${group.tag}`}>{group.tag}</h2>
          <ul className="operations">
            {group.operations.map((op) => {
              const open = selected === op.id;
              return (
                <li key={op.id} className="operation">
                  <button
                    type="button"
                    className="operation__toggle"
                    aria-expanded={open}
                    onClick={() => setSelected(open ? null : op.id)}
                  >
                    <span className={`method method--${op.method.toLowerCase()}`}>{op.method}</span>
                    <code className="operation__path">{op.path}</code>
                    {op.summary && <span className="operation__summary">{op.summary}</span>}
                  </button>
                  {open && <OperationForm operation={op} />}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

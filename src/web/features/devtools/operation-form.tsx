import { useState, type FormEvent } from 'react';
import { useI18n } from '../../app/context.js';
import { buildUrl, type PlaygroundOperation, type PlaygroundParam } from './openapi.js';
import { sendOperation, type CallResult } from './send-operation.js';

function ParamFields({ legend, params, idPrefix }: { legend: string; params: PlaygroundParam[]; idPrefix: string }) {
  const { t } = useI18n();
  if (params.length === 0) return null;
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      {params.map((param) => (
        <div className="field" key={param.name}>
          <label htmlFor={`${idPrefix}-${param.name}`}>
            {param.name}
            {param.required && <span className="field__hint"> ({t('playground.required')})</span>}
            {param.hint && <span className="field__hint"> {param.hint}</span>}
          </label>
          <input id={`${idPrefix}-${param.name}`} name={param.name} required={param.required} autoComplete="off" />
        </div>
      ))}
    </fieldset>
  );
}

const valuesOf = (form: FormData, params: PlaygroundParam[]) =>
  Object.fromEntries(params.map((p) => [p.name, String(form.get(p.name) ?? '').trim()]));

/** Fills and sends one operation with the user's own token; shows the status and the answer. */
export function OperationForm({ operation }: { operation: PlaygroundOperation }) {
  const { t } = useI18n();
  const [result, setResult] = useState<CallResult | null>(null);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const idPrefix = `op-${operation.method}-${operation.path.replace(/[^a-z0-9]+/gi, '-')}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const url = buildUrl(operation.path, valuesOf(form, operation.pathParams), valuesOf(form, operation.queryParams));
    let body: string | null = null;
    if (operation.bodyTemplate !== null) {
      body = String(form.get('body') ?? '');
      try {
        JSON.parse(body);
      } catch {
        setError(t('playground.invalidJson'));
        return;
      }
    }
    setError('');
    setPending(true);
    try {
      setResult(await sendOperation(operation, url, body));
    } catch (err) {
      setResult(null);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="operation-form" onSubmit={(event) => void submit(event)}>
      <ParamFields legend={t('playground.pathParams')} params={operation.pathParams} idPrefix={`${idPrefix}-path`} />
      <ParamFields legend={t('playground.queryParams')} params={operation.queryParams} idPrefix={`${idPrefix}-query`} />
      {operation.bodyTemplate !== null && (
        <div className="field">
          <label htmlFor={`${idPrefix}-body`}>{t('playground.body')}</label>
          <textarea id={`${idPrefix}-body`} name="body" className="code-input" rows={8} defaultValue={operation.bodyTemplate} spellCheck={false} />
        </div>
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
      <button type="submit" className="button" disabled={pending}>
        {pending ? t('playground.sending') : t('playground.send')}
      </button>
      <div aria-live="polite">
        {result && (
          <div className="call-result">
            <p className={result.status < 400 ? 'call-result__status' : 'call-result__status call-result__status--error'}>
              {t('playground.status', { status: `${result.status} ${result.statusText}`.trim() })}
            </p>
            <pre className="code-output" tabIndex={0} aria-label={t('playground.response')}>{result.body}</pre>
          </div>
        )}
      </div>
    </form>
  );
}

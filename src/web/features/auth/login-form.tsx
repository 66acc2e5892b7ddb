import { useState, type FormEvent } from 'react';
import { useHttp, useI18n } from '../../app/context.js';
import { ApiError } from '../../lib/http.js';
import { loginWithPassword } from './session.js';

/** A username (or e-mail) and password form; on success the session is stored and every tab sees it. */
export function LoginForm({ title }: { title?: string }) {
  const http = useHttp();
  const { t } = useI18n();
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const login = String(form.get('login') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setPending(true);
    setError('');
    try {
      await loginWithPassword(http, login.includes('@') ? { email: login, password } : { username: login, password });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('login.failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="login-form" onSubmit={(event) => void submit(event)} aria-labelledby="login-title">
      <h2 id="login-title">{title ?? t('login.title')}</h2>
      <div className="field">
        <label htmlFor="login-name">{t('login.username')}</label>
        <input id="login-name" name="login" autoComplete="username" required maxLength={254} />
      </div>
      <div className="field">
        <label htmlFor="login-password">{t('login.password')}</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required maxLength={256} />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={pending}>
        {pending ? t('login.pending') : t('login.submit')}
      </button>
    </form>
  );
}

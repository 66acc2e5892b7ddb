import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Profile } from '../../../../shared/api/users.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { Dialog } from '../../../ui/dialog.js';
import { ACCOUNT_NOTICE_DELETED, useSession } from '../../../lib/session/session-context.js';
import { deleteAccount } from '../api/profile.js';
import { AccountSection } from './account-section.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';

/** Deleting the account asks once more, with the username typed, in a dialog. */
export function DeleteSection({ profile }: { profile: Profile }) {
  const http = useHttp();
  const session = useSession();
  const navigate = useNavigate();
  const { t, lang } = useI18n();
  const inputId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim() !== profile.username) return setError(t('delete.mismatch'));
    setPending(true);
    try {
      await deleteAccount(http, profile.id);
      // Leave the page first: once logged out, it would send the visitor to the login page.
      await navigate(paths.home(), { replace: true, state: { accountNotice: ACCOUNT_NOTICE_DELETED } });
      await session.logout();
    } catch (err) {
      setError(describeServerError(err, t, lang));
      setPending(false);
    }
  };

  return (
    <AccountSection id="delete" title={t('delete.title')}>
      <p>{t('delete.text')}</p>
      <p>{t('delete.orders')}</p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {t('delete.open')}
      </button>
      <Dialog open={open} title={t('delete.confirmTitle')} closeLabel={t('common.cancel')} onClose={() => setOpen(false)} focusClose>
        <form onSubmit={(event) => void confirm(event)} noValidate>
          <p>{t('delete.confirmText', { username: profile.username })}</p>
          <div className="field">
            <label htmlFor={inputId}>{t('delete.typeUsername')}</label>
            <input
              id={inputId}
              value={typed}
              autoComplete="off"
              onChange={(event) => {
                setTyped(event.target.value);
                setError('');
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <span id={errorId} className="field__error" role="alert">
                {error}
              </span>
            )}
          </div>
          <button type="submit" className="button button--danger" disabled={pending}>
            {pending ? t('common.working') : t('delete.confirm')}
          </button>
        </form>
      </Dialog>
    </AccountSection>
  );
}

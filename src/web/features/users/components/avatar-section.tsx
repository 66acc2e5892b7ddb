import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { AVATAR_MAX_BYTES } from '../../../../shared/api/users-paths.js';
import type { Profile } from '../../../../shared/api/users.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { saveProfile } from '../../../lib/session/session-store.js';
import { storeProfile, uploadAvatar } from '../api/profile.js';
import { AccountSection } from './account-section.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';

const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** A new avatar: picked, previewed here, then uploaded (the server stores a 256x256 WebP). */
export function AvatarSection({ profile }: { profile: Profile }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { t, lang } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const fileId = useId();
  const errorId = useId();
  const [chosen, setChosen] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setChosen(picked?.name ?? '');
    setStatus('');
    setError('');
    setFile(null);
    setPreview(null);
    if (!picked) return;
    if (!TYPES.includes(picked.type)) return setError(t('avatar.type'));
    if (picked.size > AVATAR_MAX_BYTES) return setError(t('avatar.size', { mb: AVATAR_MAX_BYTES / 1024 / 1024 }));
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    if (!file) return setError(t('avatar.pick'));
    setPending(true);
    try {
      const saved = await uploadAvatar(http, profile.id, file);
      storeProfile(queryClient, saved);
      await saveProfile(saved);
      setFile(null);
      setPreview(null);
      formElement.reset();
      setChosen('');
      setStatus(t('avatar.saved'));
    } catch (err) {
      setError(describeServerError(err, t, lang));
    } finally {
      setPending(false);
    }
  };

  const shown = preview ?? profile.avatar;
  return (
    <AccountSection id="avatar" title={t('avatar.title')}>
      <form className="auth-form avatar-form" onSubmit={(event) => void upload(event)} noValidate>
        <div className="avatar-form__row">
          {shown ? (
            <img
              className="avatar avatar--large"
              src={shown}
              alt={preview ? t('avatar.preview') : t('avatar.current')}
              width={96}
              height={96}
              // A chosen file that does not decode is no picture, whatever its name says: nothing to preview or send.
              onError={
                preview
                  ? () => {
                      setPreview(null);
                      setFile(null);
                      setError(t('avatar.type'));
                    }
                  : undefined
              }
            />
          ) : (
            <span className="avatar avatar--large avatar--empty" aria-hidden="true">
              {(profile.display_name || profile.username).slice(0, 1).toUpperCase()}
            </span>
          )}
          {/*
           * The picker is a button that opens the file input (hidden: its native "No file chosen" text would be
           * cut off on a phone, and is in the browser's language): the button is what keyboards and screen
           * readers reach, described by the chosen file's name, the accepted files and any error.
           */}
          <div className="field avatar-picker">
            <button
              type="button"
              className="button button--quiet"
              onClick={() => input.current?.click()}
              aria-describedby={[fileId, hintId, error ? errorId : ''].filter(Boolean).join(' ')}
            >
              {t('avatar.choose')}
            </button>
            <span id={fileId} className="avatar-picker__file" aria-live="polite">
              {chosen ? t('avatar.chosen', { name: chosen }) : t('avatar.noFile')}
            </span>
            <span id={hintId} className="field__hint">{t('avatar.hint', { mb: AVATAR_MAX_BYTES / 1024 / 1024 })}</span>
            <input ref={input} type="file" name="avatar" accept={TYPES.join(',')} onChange={pick} hidden />
            {error && (
              <span id={errorId} className="field__error" role="alert">
                {error}
              </span>
            )}
          </div>
        </div>
        <p className="form-status" role="status">{status}</p>
        <button type="submit" className="button" disabled={pending || !file}>
          {pending ? t('common.working') : t('avatar.upload')}
        </button>
      </form>
    </AccountSection>
  );
}

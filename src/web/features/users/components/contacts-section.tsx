import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Profile } from '../../../../shared/api/users.js';
import { useHttp, useI18n } from '../../../app/context.js';
import type { CodeChannel } from '../../../lib/code-api.js';
import { CodeSteps } from '../../../ui/code-steps.js';
import { saveProfile } from '../../../lib/session/session-store.js';
import { bindEmail, bindPhone, cancelEmail, cancelPhone, resendConfirmation, storeProfile } from '../api/profile.js';
import { AccountSection } from './account-section.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';

/** The e-mail address and the mobile number: each bound or removed with a code sent to it. */
export function ContactsSection({ profile }: { profile: Profile }) {
  const { t } = useI18n();
  return (
    <AccountSection id="contacts" title={t('contacts.title')}>
      <Contact profile={profile} channel="email" />
      <Contact profile={profile} channel="sms" />
    </AccountSection>
  );
}

type Mode = 'view' | 'bind' | 'cancel';

function Contact({ profile, channel }: { profile: Profile; channel: CodeChannel }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { t, lang } = useI18n();
  const [mode, setMode] = useState<Mode>('view');
  const [status, setStatus] = useState('');
  const email = channel === 'email';
  const value = email ? profile.email : (profile.mobile ?? '');
  const label = email ? t('contacts.email') : t('contacts.phone');

  const open = (next: Mode) => {
    setStatus('');
    setMode(next);
  };

  const done = async (saved: Profile, message: string) => {
    storeProfile(queryClient, saved);
    await saveProfile(saved);
    setMode('view');
    setStatus(message);
  };

  const resend = async () => {
    setStatus('');
    try {
      await resendConfirmation(http, profile.email);
      setStatus(t('contacts.confirmationSent', { email: profile.email }));
    } catch (error) {
      setStatus(describeServerError(error, t, lang));
    }
  };

  return (
    <div className="contact">
      <h3>{label}</h3>
      {mode === 'view' && (
        <>
          <p>
            {value || t('contacts.none')}
            {email && value && (
              <span className={profile.email_verified ? 'badge badge--free' : 'badge'}>
                {profile.email_verified ? t('contacts.verified') : t('contacts.unverified')}
              </span>
            )}
          </p>
          <p className="auth-form__actions">
            <button type="button" className="button" onClick={() => open('bind')}>
              {value ? t('contacts.change') : t('contacts.add')}
            </button>
            {value && (
              <button type="button" className="button button--quiet" onClick={() => open('cancel')}>
                {t('contacts.remove')}
              </button>
            )}
            {email && value && !profile.email_verified && (
              <button type="button" className="button button--quiet" onClick={() => void resend()}>
                {t('contacts.resend')}
              </button>
            )}
          </p>
        </>
      )}
      {mode === 'bind' && (
        <CodeSteps
          channel={channel}
          action={email ? 'bind_email' : 'bind_phone'}
          sendTitle={email ? t('contacts.bindEmail') : t('contacts.bindPhone')}
          confirmLabel={t('contacts.confirm')}
          onCancel={() => setMode('view')}
          onCode={async (destination, code) => {
            const saved = email ? await bindEmail(http, profile.id, destination, code) : await bindPhone(http, profile.id, destination, code);
            await done(saved, t('contacts.bound', { value: destination }));
          }}
        />
      )}
      {mode === 'cancel' && (
        <CodeSteps
          channel={channel}
          action={email ? 'cancel_email' : 'cancel_phone'}
          fixedDestination={value}
          sendTitle={email ? t('contacts.removeEmail') : t('contacts.removePhone')}
          confirmLabel={t('contacts.remove')}
          onCancel={() => setMode('view')}
          onCode={async (_destination, code) => {
            const saved = email ? await cancelEmail(http, profile.id, code) : await cancelPhone(http, profile.id, code);
            await done(saved, t('contacts.removed', { value }));
          }}
        />
      )}
      <p className="form-status" role="status">{status}</p>
    </div>
  );
}

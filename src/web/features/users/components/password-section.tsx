import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Profile } from '../../../../shared/api/users.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { describeError } from '../../../lib/api-messages.js';
import { FormError, FormStatus, SubmitButton, TextField } from '../../../ui/forms/fields.js';
import { useForm } from '../../../lib/forms/use-form.js';
import { checkNewPassword, checkRepeat, required } from '../../../lib/forms/validation.js';
import { useSession } from '../../../lib/session/session-context.js';
import { changePassword, profileKey, setFirstPassword } from '../api/profile.js';
import { AccountSection } from './account-section.js';
import { localiseApiError } from '../../../ui/forms/server-messages.js';

const CHANGE = { old_password: '', new_password1: '', new_password2: '' };
const FIRST = { new_password: '', repeat: '' };

/** Change the password, or set the first one of an account made by code (it has none). */
export function PasswordSection({ profile }: { profile: Profile }) {
  const { t } = useI18n();
  // Kept here: setting the first password turns the form into the change form, and the news must stay.
  const [status, setStatus] = useState('');
  return (
    <AccountSection id="password" title={profile.has_password ? t('password.changeTitle') : t('password.setTitle')}>
      {profile.has_password ? <ChangePassword profile={profile} onStatus={setStatus} /> : <FirstPassword profile={profile} onStatus={setStatus} />}
      <FormStatus>{status}</FormStatus>
    </AccountSection>
  );
}

interface PasswordFormProps {
  profile: Profile;
  onStatus: (text: string) => void;
}

function ChangePassword({ profile, onStatus }: PasswordFormProps) {
  const http = useHttp();
  const session = useSession();
  const { t, lang } = useI18n();
  const form = useForm({
    initial: CHANGE,
    validate: (v: typeof CHANGE) => ({
      old_password: required(v.old_password),
      new_password1: checkNewPassword(v.new_password1, { username: profile.username, email: profile.email }),
      new_password2: checkRepeat(v.new_password2, v.new_password1),
    }),
  });
  const submit = async (values: typeof form.values) => {
    onStatus('');
    try {
      // Every other session ends; the answer is this device's new one.
      await session.login(await changePassword(http, values));
      form.reset();
      onStatus(t('password.changed'));
    } catch (caught) {
      const error = localiseApiError(caught, lang);
      form.showError(error, describeError(error, t, lang));
    }
  };
  return (
    <form className="auth-form" onSubmit={(event) => void form.submit(event, submit)} noValidate>
      <TextField form={form} name="old_password" label={t('password.current')} type="password" autoComplete="current-password" maxLength={256} required />
      <TextField form={form} name="new_password1" label={t('password.new')} hint={t('signup.passwordHint')} type="password" autoComplete="new-password" maxLength={128} required />
      <TextField form={form} name="new_password2" label={t('signup.password2')} type="password" autoComplete="new-password" maxLength={128} required />
      <FormError form={form} />
      <SubmitButton pending={form.pending} label={t('password.change')} pendingLabel={t('common.working')} />
    </form>
  );
}

function FirstPassword({ profile, onStatus }: PasswordFormProps) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { t, lang } = useI18n();
  const form = useForm({
    initial: FIRST,
    validate: (v: typeof FIRST) => ({
      new_password: checkNewPassword(v.new_password, { username: profile.username, email: profile.email }),
      repeat: checkRepeat(v.repeat, v.new_password),
    }),
  });
  const submit = async (values: typeof form.values) => {
    onStatus('');
    try {
      await setFirstPassword(http, profile.id, values.new_password);
      form.reset();
      onStatus(t('password.set'));
      await queryClient.invalidateQueries({ queryKey: profileKey(profile.id) });
    } catch (caught) {
      const error = localiseApiError(caught, lang);
      form.showError(error, describeError(error, t, lang));
    }
  };
  return (
    <form className="auth-form" onSubmit={(event) => void form.submit(event, submit)} noValidate>
      <p>{t('password.noneYet')}</p>
      <TextField form={form} name="new_password" label={t('password.new')} hint={t('signup.passwordHint')} type="password" autoComplete="new-password" maxLength={128} required />
      <TextField form={form} name="repeat" label={t('signup.password2')} type="password" autoComplete="new-password" maxLength={128} required />
      <FormError form={form} />
      <SubmitButton pending={form.pending} label={t('password.setSubmit')} pendingLabel={t('common.working')} />
    </form>
  );
}

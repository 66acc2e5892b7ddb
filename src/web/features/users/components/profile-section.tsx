import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Profile } from '../../../../shared/api/users.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { describeError } from '../../../lib/api-messages.js';
import { FormError, FormStatus, SubmitButton, TextField } from '../../../ui/forms/fields.js';
import { useForm } from '../../../lib/forms/use-form.js';
import { checkMaxLength, checkUsername, DESCRIPTION_MAX, DISPLAY_NAME_MAX, USERNAME_MAX } from '../../../lib/forms/validation.js';
import { saveProfile } from '../../../lib/session/session-store.js';
import { storeProfile, updateProfile } from '../api/profile.js';
import { AccountSection } from './account-section.js';
import { localiseApiError } from '../../../ui/forms/server-messages.js';

const validate = (v: { username: string; display_name: string; description: string }) => ({
  username: checkUsername(v.username),
  display_name: checkMaxLength(v.display_name.trim(), DISPLAY_NAME_MAX),
  description: checkMaxLength(v.description, DESCRIPTION_MAX),
});

/** Username, display name and description; the header follows a change at once (the stored profile). */
export function ProfileSection({ profile }: { profile: Profile }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { t, lang } = useI18n();
  const form = useForm({
    initial: { username: profile.username, display_name: profile.display_name, description: profile.description },
    validate,
  });
  const [status, setStatus] = useState('');

  const submit = async (values: typeof form.values) => {
    setStatus('');
    try {
      const saved = await updateProfile(http, profile.id, {
        username: values.username.trim(),
        display_name: values.display_name.trim(),
        description: values.description,
      });
      storeProfile(queryClient, saved);
      await saveProfile(saved);
      setStatus(t('account.saved'));
    } catch (caught) {
      const error = localiseApiError(caught, lang);
      form.showError(error, describeError(error, t, lang));
    }
  };

  return (
    <AccountSection id="profile" title={t('account.profile')}>
      <form className="auth-form" onSubmit={(event) => void form.submit(event, submit)} noValidate>
        <TextField form={form} name="username" label={t('signup.username')} hint={t('signup.usernameHint', { max: USERNAME_MAX })} autoComplete="username" maxLength={USERNAME_MAX} required />
        <TextField form={form} name="display_name" label={t('account.displayName')} hint={t('account.displayNameHint')} autoComplete="nickname" maxLength={DISPLAY_NAME_MAX} />
        <TextField form={form} name="description" label={t('account.about')} multiline maxLength={DESCRIPTION_MAX} />
        <FormError form={form} />
        <FormStatus>{status}</FormStatus>
        <SubmitButton pending={form.pending} label={t('account.save')} pendingLabel={t('common.working')} />
      </form>
    </AccountSection>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { newslettersPaths } from '../../../../shared/api/newsletters-paths.js';
import type { MailChoices } from '../../../../shared/api/newsletters.js';
import { useHttp } from '../../../app/context.js';
import { createFeatureI18n } from '../../../lib/feature-i18n.js';
import { useSession } from '../../../lib/session/session-context.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { AccountSection } from './account-section.js';

const en = {
  'mailChoices.title': 'Mail choices',
  'mailChoices.accepted': 'Send me newsletters',
  'mailChoices.language': 'Language of newsletters',
  'mailChoices.en': 'English',
  'mailChoices.zh': 'Chinese',
  'mailChoices.save': 'Save mail choices',
  'mailChoices.saved': 'Your mail choices are saved.',
  'mailChoices.blocked': 'Mail to your address bounced or was reported, so no newsletters are sent to it. Contact us to have it checked.',
  'mailChoices.note': 'Messages about your account, orders and sign-in codes are sent whatever you choose here.',
} as const;
const zhCN: Record<keyof typeof en, string> = {
  'mailChoices.title': '邮件偏好',
  'mailChoices.accepted': '给我发送通讯',
  'mailChoices.language': '通讯语言',
  'mailChoices.en': '英文',
  'mailChoices.zh': '中文',
  'mailChoices.save': '保存邮件偏好',
  'mailChoices.saved': '你的邮件偏好已保存。',
  'mailChoices.blocked': '发往你地址的邮件曾被退回或被举报，因此不会向它发送通讯。请联系我们核查。',
  'mailChoices.note': '关于账户、订单和登录验证码的邮件不受此处设置影响。',
};
const useMailI18n = createFeatureI18n({ en, 'zh-CN': zhCN });

/** The reader's newsletter choices on the account page: yes or no, and the language newsletters come in. */
export function MailChoicesSection() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { t, lang } = useMailI18n();
  const userId = useSession().auth?.userid ?? 0;
  const id = useId();
  const queryKey = ['mail-choices', userId] as const;
  const choices = useQuery({ queryKey, queryFn: () => http.get<MailChoices>(newslettersPaths.mailChoices), meta: { personal: true }, enabled: userId > 0 });
  const [status, setStatus] = useState({ text: '', error: false });
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setStatus({ text: '', error: false });
    try {
      const saved = await http.put<MailChoices>(newslettersPaths.mailChoices, { accepted: form.get('accepted') === 'on', language: form.get('language') === 'zh-CN' ? 'zh-CN' : 'en' });
      queryClient.setQueryData(queryKey, saved);
      setStatus({ text: t('mailChoices.saved'), error: false });
    } catch (error) {
      setStatus({ text: describeServerError(error, t, lang), error: true });
    } finally {
      setPending(false);
    }
  };

  const data = choices.data;
  return (
    <AccountSection id="mail" title={t('mailChoices.title')}>
      {choices.error && <p className="form-error" role="alert">{describeServerError(choices.error, t, lang)}</p>}
      {!data && !choices.error && <p role="status">{t('common.loading')}</p>}
      {data && (
        // Keyed by the answer, so the form starts from what the server holds after each save.
        <form key={`${data.accepted}-${data.language}`} onSubmit={(e) => void submit(e)}>
          {data.blocked && <p className="form-error">{t('mailChoices.blocked')}</p>}
          <div className="field field--check">
            <input id={`${id}-accepted`} name="accepted" type="checkbox" defaultChecked={data.accepted} disabled={data.blocked} />
            <label htmlFor={`${id}-accepted`}>{t('mailChoices.accepted')}</label>
          </div>
          <div className="field">
            <label htmlFor={`${id}-language`}>{t('mailChoices.language')}</label>
            <select id={`${id}-language`} name="language" defaultValue={data.language}>
              <option value="en">{t('mailChoices.en')}</option>
              <option value="zh-CN">{t('mailChoices.zh')}</option>
            </select>
          </div>
          <p className="field-hint">{t('mailChoices.note')}</p>
          <p className="auth-form__actions">
            <button type="submit" className="button" disabled={pending}>{pending ? t('common.working') : t('mailChoices.save')}</button>
          </p>
        </form>
      )}
      <p className={status.error ? 'form-error' : 'form-status'} role={status.error ? 'alert' : 'status'}>{status.text}</p>
    </AccountSection>
  );
}

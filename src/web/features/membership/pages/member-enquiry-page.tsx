import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CAPTCHA_FIELD } from '../../../../shared/api/captcha-paths.js';
import type { Enquiry } from '../../../../shared/api/membership.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import type { RouteDeps } from '../../../app/routes.js';
import { describeError } from '../../../lib/api-messages.js';
import { DraftScope, useForm } from '../../../lib/forms/use-form.js';
import { checkEmail, checkMaxLength, required } from '../../../lib/forms/validation.js';
import { useSession } from '../../../lib/session/session-context.js';
import { Captcha } from '../../../ui/captcha.js';
import { FormError, SelectField, SubmitButton, TextField } from '../../../ui/forms/fields.js';
import { Head } from '../../../ui/head.js';
import { MemberAreaNav } from '../../../ui/member-area-nav.js';
import { priceCardQuery, sendEnquiry, type PriceCard } from '../api/membership.js';
import { localiseApiError } from '../../../ui/forms/server-messages.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps) {
  await queryClient.ensureQueryData(priceCardQuery(http, lang));
  return null;
}

/** The limits of the enquiry contract (`enquiryBody` in src/shared/api/membership.ts). */
export const ENQUIRY_NAME_MAX = 100;
export const ENQUIRY_MESSAGE_MAX = 5000;

const INITIAL = { name: '', email: '', plan: '', message: '' };
type EnquiryValues = typeof INITIAL;

/** The server's rules, checked as the reader types; the server checks them again. */
export const validateEnquiry = (v: EnquiryValues) => ({
  name: required(v.name) ?? checkMaxLength(v.name.trim(), ENQUIRY_NAME_MAX),
  email: checkEmail(v.email),
  message: required(v.message) ?? checkMaxLength(v.message.trim(), ENQUIRY_MESSAGE_MAX),
});

interface EnquiryFormProps {
  plans: PriceCard;
  /** The logged-in user, or 0 for a guest (and until the stored session is read). */
  userId: number;
  prefill: { name: string; email: string };
  onSent: (enquiry: Enquiry) => void;
}

function EnquiryForm({ plans, userId, prefill, onSent }: EnquiryFormProps) {
  const http = useHttp();
  const { t, lang } = useI18n();
  const form = useForm({
    initial: { ...INITIAL, ...prefill },
    validate: validateEnquiry,
    // A guest's draft belongs to no one; a user's is kept under the DraftScope below, marked with their id.
    draftKey: userId > 0 ? 'enquiry' : 'member-enquiry',
  });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState('');
  const [captchaReset, setCaptchaReset] = useState(0);
  const onCaptcha = useCallback((payload: string | null) => {
    setCaptcha(payload);
    if (payload) setCaptchaError('');
  }, []);

  const submit = async (values: EnquiryValues) => {
    if (!captcha) {
      setCaptchaError(t('validation.captcha'));
      // The captcha says what it needs beside itself; the message above the button (which takes the focus) points there.
      form.setFormError(t('validation.checkFields'));
      return;
    }
    try {
      const enquiry = await sendEnquiry(http, {
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
        plan: values.plan || null,
        [CAPTCHA_FIELD]: captcha,
      });
      form.clearDraft();
      onSent(enquiry);
    } catch (caught) {
      const error = localiseApiError(caught, lang);
      form.showError(error, describeError(error, t, lang), (name, text) => {
        if (name !== CAPTCHA_FIELD) return false;
        setCaptchaError(text);
        return true;
      });
    } finally {
      // A solved captcha is good for one call.
      setCaptchaReset((n) => n + 1);
    }
  };

  const planOptions = [{ value: '', label: t('memberEnquiry.planNone') }, ...plans.map((plan) => ({ value: plan.slug, label: plan.name }))];
  return (
    <form
      className="auth-form enquiry-form"
      method="post"
      action={paths.memberEnquiry()}
      onSubmit={(event) => void form.submit(event, submit)}
      aria-labelledby="enquiry-form-title"
      noValidate
    >
      <h2 id="enquiry-form-title">{t('memberEnquiry.formTitle')}</h2>
      <TextField form={form} name="name" label={t('memberEnquiry.name')} autoComplete="name" maxLength={ENQUIRY_NAME_MAX} required />
      <TextField
        form={form}
        name="email"
        label={t('memberEnquiry.email')}
        hint={t('memberEnquiry.emailHint')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        required
      />
      {plans.length > 0 && <SelectField form={form} name="plan" label={t('memberEnquiry.plan')} options={planOptions} />}
      <TextField
        form={form}
        name="message"
        label={t('memberEnquiry.message')}
        hint={t('memberEnquiry.messageHint', { max: ENQUIRY_MESSAGE_MAX })}
        maxLength={ENQUIRY_MESSAGE_MAX}
        multiline
        required
      />
      <Captcha onChange={onCaptcha} resetKey={captchaReset} error={captchaError} />
      <FormError form={form} />
      <SubmitButton pending={form.pending} label={t('memberEnquiry.submit')} pendingLabel={t('common.working')} />
    </form>
  );
}

function Sent({ enquiry, onAnother }: { enquiry: Enquiry; onAnother: () => void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLElement>(null);
  // The form is gone: the confirmation takes focus, so it is read out and the reader is not left nowhere.
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} className="auth-card enquiry-sent" aria-labelledby="enquiry-sent-title" tabIndex={-1}>
      <h2 id="enquiry-sent-title">{t('memberEnquiry.sentTitle')}</h2>
      <p role="status">{t('memberEnquiry.sent', { email: enquiry.email })}</p>
      <button type="button" className="button button--quiet" onClick={onAnother}>
        {t('memberEnquiry.another')}
      </button>
    </section>
  );
}

/**
 * `/member/enquiry`: a question about membership for the site's staff (stored and mailed to them by the
 * server). Guests and users alike; a user's e-mail address and name are filled in, and what they typed is
 * kept as a draft for them only.
 */
export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const session = useSession();
  const { data: plans } = useSuspenseQuery(priceCardQuery(http, lang));
  const [sent, setSent] = useState<Enquiry | null>(null);
  const userId = session.auth?.userid ?? 0;
  const prefill = userId
    ? { name: session.profile?.display_name || session.auth?.username || '', email: session.auth?.email ?? '' }
    : { name: '', email: '' };
  const formOf = (
    // A new form for a user once the stored session is read (and for another user): its draft and prefill are theirs.
    <EnquiryForm key={userId} plans={plans} userId={userId} prefill={prefill} onSent={setSent} />
  );
  return (
    <div className="member-page member-page--form">
      <Head title={t('memberEnquiry.title')} description={t('memberEnquiry.description')} canonical={paths.memberEnquiry()} />
      <header className="page-header">
        <p className="page-header__kicker">{t('member.title')}</p>
        <h1>{t('memberEnquiry.title')}</h1>
        <p className="page-header__description">{t('memberEnquiry.description')}</p>
      </header>
      {sent ? (
        <Sent enquiry={sent} onAnother={() => setSent(null)} />
      ) : userId ? (
        <DraftScope.Provider value={{ name: 'member', owner: userId }}>{formOf}</DraftScope.Provider>
      ) : (
        formOf
      )}
      <MemberAreaNav />
    </div>
  );
}

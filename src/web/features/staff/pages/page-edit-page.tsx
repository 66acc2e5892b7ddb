import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Page, PageAction } from '../../../../shared/api/pages.js';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { describeError } from '../../../lib/api-messages.js';
import { useForm } from '../../../lib/forms/use-form.js';
import { required, type Problem } from '../../../lib/forms/validation.js';
import { ApiError } from '../../../lib/http.js';
import { Dialog } from '../../../ui/dialog.js';
import { FormError, FormStatus, SubmitButton, TextField } from '../../../ui/forms/fields.js';
import { describeServerError, localiseApiError } from '../../../ui/forms/server-messages.js';
import { Head } from '../../../ui/head.js';
import { forgetPage, pageQuery, usePageAction, useSavePage } from '../api/pages.js';
import { ConfirmDelete } from '../components/confirm-dialog.js';
import { formFieldOf, formValuesOf, pageBodyOf, sortOrderOf, type PageFormValues } from '../components/page-form-values.js';
import { useStaffI18n } from '../staff-i18n.js';
import { staffPaths } from '../staff-paths.js';
import type { StaffNotice } from './pages-list-page.js';

const validate = (values: PageFormValues): Partial<Record<keyof PageFormValues, Problem | undefined>> => ({
  title: required(values.title),
  slug: required(values.slug),
  sort_order: sortOrderOf(values.sort_order) === undefined ? { key: 'validation.wholeNumber' } : undefined,
});

/** A refused call with its field messages renamed to the form's fields (the Chinese texts are nested on the wire). */
function withFormFields(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([name, text]) => [formFieldOf(name), text]));
  return new ApiError(error.message, error.status, error.code, fields);
}

/** `/staff/pages/new` and `/staff/pages/:id`: a page's texts and settings, and its publishing actions. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useStaffI18n();
  const { id: idParam } = useParams();
  const id = idParam === undefined ? null : Number(idParam);
  const valid = id === null || (Number.isSafeInteger(id) && id > 0);
  const page = useQuery({ ...pageQuery(http, id ?? 0), enabled: valid && id !== null });

  if (!valid || (page.error instanceof ApiError && page.error.status === 404)) {
    return <p className="form-error" role="alert">{t('error.notFoundTitle')}</p>;
  }
  if (page.error) {
    return (
      <>
        <p className="form-error" role="alert">{describeServerError(page.error, t, lang)}</p>
        <button type="button" className="button" onClick={() => void page.refetch()}>{t('common.retry')}</button>
      </>
    );
  }
  if (id !== null && !page.data) return <p role="status">{t('common.loading')}</p>;
  // Keyed by the page: another page (a copy just made) starts a fresh form.
  return <PageEditor key={page.data?.id ?? 'new'} page={page.data} />;
}

function PageEditor({ page }: { page: Page | undefined }) {
  const { t, lang } = useStaffI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSavePage();
  const form = useForm<PageFormValues>({ initial: formValuesOf(page), validate });
  const [status, setStatus] = useState((location.state as StaffNotice | null)?.notice ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  const title = page ? t('pagesAdmin.editTitle', { title: page.title }) : t('pagesAdmin.newTitle');

  // Arrived here from another screen with news (a page created or copied): the heading takes focus, the news is read out.
  useEffect(() => {
    if ((location.state as StaffNotice | null)?.notice) heading.current?.focus();
  }, [location.state]);

  const submit = async (values: PageFormValues) => {
    setStatus('');
    try {
      const body = pageBodyOf(values);
      const saved = await save(page ? { id: page.id, body } : { id: null, body });
      if (!page) {
        await navigate(staffPaths.page(saved.id), { replace: true, state: { notice: t('pagesAdmin.createdNote') } satisfies StaffNotice });
        return;
      }
      setStatus(t('pagesAdmin.saved'));
    } catch (caught) {
      const error = localiseApiError(withFormFields(caught), lang);
      form.showError(error, describeError(error, t, lang));
    }
  };

  return (
    <>
      <Head title={title} noindex />
      <p className="staff-back"><Link to={staffPaths.pages()}>{t('pagesAdmin.back')}</Link></p>
      <header className="page-header">
        <h1 ref={heading} tabIndex={-1}>{title}</h1>
      </header>
      {page && <PageActions page={page} onStatus={setStatus} />}
      <form className="staff-form" onSubmit={(event) => void form.submit(event, submit)} noValidate>
        <TextField form={form} name="title" label={t('pagesAdmin.pageTitle')} maxLength={200} required />
        <TextField form={form} name="slug" label={t('pagesAdmin.slug')} hint={t('pagesAdmin.slugHint')} maxLength={100} required />
        <TextField form={form} name="body_markdown" label={t('pagesAdmin.body')} multiline />
        <div className="field field--check">
          <input
            id="page-show-in-footer"
            type="checkbox"
            checked={form.values.show_in_footer === 'true'}
            onChange={(event) => form.setValue('show_in_footer', event.target.checked ? 'true' : 'false')}
          />
          <label htmlFor="page-show-in-footer">{t('pagesAdmin.showInFooter')}</label>
        </div>
        <TextField form={form} name="sort_order" label={t('pagesAdmin.sortOrder')} hint={t('pagesAdmin.sortOrderHint')} inputMode="numeric" maxLength={8} />
        <fieldset className="fieldset" lang="zh-CN">
          <legend>{t('pagesAdmin.chinese')}</legend>
          <p className="field__hint">{t('pagesAdmin.chineseHint')}</p>
          <TextField form={form} name="zh_title" label={t('pagesAdmin.zhTitle')} maxLength={200} />
          <TextField form={form} name="zh_body_markdown" label={t('pagesAdmin.zhBody')} multiline />
        </fieldset>
        <FormError form={form} />
        <FormStatus>{status}</FormStatus>
        <SubmitButton pending={form.pending} label={page ? t('pagesAdmin.save') : t('pagesAdmin.create')} pendingLabel={t('common.working')} />
      </form>
    </>
  );
}

/** Publish or unpublish, copy (asking for the copy's slug) and delete (after a confirmation). */
function PageActions({ page, onStatus }: { page: Page; onStatus: (text: string) => void }) {
  const { t, lang } = useStaffI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const action = usePageAction();
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState(false);
  const [copying, setCopying] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const run = async (name: PageAction) => {
    if (pending) return;
    setProblem('');
    onStatus('');
    setPending(true);
    try {
      await action({ id: page.id, action: name });
      if (name === 'delete') {
        await navigate(staffPaths.pages(), { replace: true, state: { notice: t('staff.deleted', { title: page.title }) } satisfies StaffNotice });
        forgetPage(queryClient, page.id);
        return;
      }
      onStatus(name === 'publish' ? t('pagesAdmin.published.done') : t('pagesAdmin.unpublished.done'));
    } catch (caught) {
      setDeleting(false);
      setProblem(describeServerError(caught, t, lang));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="staff-actions" aria-labelledby="page-actions-title">
      <h2 id="page-actions-title" className="staff-actions__title">{t('pagesAdmin.actions')}</h2>
      <p>
        <span className={page.live ? 'staff-tag staff-tag--live' : 'staff-tag'}>{page.live ? t('pagesAdmin.live') : t('pagesAdmin.draft')}</span>{' '}
        {page.live ? t('pagesAdmin.statusLive') : t('pagesAdmin.statusDraft')}
        {page.live && (
          <>
            {' '}
            <Link to={paths.page(page.slug)}>{t('pagesAdmin.view')}</Link>
          </>
        )}
      </p>
      <div className="staff-actions__buttons">
        {/* One button that changes its words: focus stays on it after publishing or unpublishing (never disabled,
            which would drop focus; a second press while working does nothing). */}
        <button type="button" className="button" aria-disabled={pending} onClick={() => void run(page.live ? 'unpublish' : 'publish')}>
          {page.live ? t('pagesAdmin.unpublish') : t('pagesAdmin.publish')}
        </button>
        <button type="button" className="button button--quiet" onClick={() => setCopying(true)}>{t('pagesAdmin.copy')}</button>
        <button type="button" className="button button--quiet staff-danger--quiet" onClick={() => setDeleting(true)}>{t('staff.delete')}</button>
      </div>
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <CopyDialog page={page} open={copying} onClose={() => setCopying(false)} />
      <ConfirmDelete title={deleting ? page.title : null} pending={pending} onConfirm={() => void run('delete')} onClose={() => setDeleting(false)} />
    </section>
  );
}

/** Asks for the copy's slug; the copy (a draft) then opens, or the slug's problem shows beside it. */
function CopyDialog({ page, open, onClose }: { page: Page; open: boolean; onClose: () => void }) {
  const { t, lang } = useStaffI18n();
  const navigate = useNavigate();
  const action = usePageAction();
  const form = useForm({ initial: { slug: `${page.slug}-copy` }, validate: validateCopy });

  const submit = async (values: { slug: string }) => {
    try {
      const copy = await action({ id: page.id, action: 'copy', slug: values.slug.trim() });
      onClose();
      if (copy) await navigate(staffPaths.page(copy.id), { state: { notice: t('pagesAdmin.copied') } satisfies StaffNotice });
    } catch (caught) {
      const error = localiseApiError(caught, lang);
      form.showError(error, describeError(error, t, lang));
    }
  };

  return (
    <Dialog open={open} title={t('pagesAdmin.copyTitle')} closeLabel={t('common.cancel')} onClose={onClose}>
      <form onSubmit={(event) => void form.submit(event, submit)} noValidate>
        <TextField form={form} name="slug" label={t('pagesAdmin.copySlug')} hint={t('pagesAdmin.slugHint')} maxLength={100} required />
        <FormError form={form} />
        <SubmitButton pending={form.pending} label={t('pagesAdmin.copyDo')} pendingLabel={t('common.working')} />
      </form>
    </Dialog>
  );
}

const validateCopy = (values: { slug: string }) => ({ slug: required(values.slug) });

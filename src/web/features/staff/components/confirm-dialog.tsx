import { Dialog } from '../../../ui/dialog.js';
import { useStaffI18n } from '../staff-i18n.js';

interface ConfirmDeleteProps {
  /** What is to be deleted; no dialog while null. */
  title: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Delete “…”? This cannot be undone.": the delete button, or Cancel (and Escape) to keep it. */
export function ConfirmDelete({ title, pending, onConfirm, onClose }: ConfirmDeleteProps) {
  const { t } = useStaffI18n();
  return (
    <Dialog open={title !== null} title={t('staff.deleteNamed', { title: title ?? '' })} closeLabel={t('common.cancel')} onClose={onClose} focusClose>
      <p>{t('staff.deleteConfirm', { title: title ?? '' })}</p>
      <button type="button" className="button staff-danger" disabled={pending} aria-disabled={pending} onClick={onConfirm}>
        {pending ? t('common.working') : t('staff.delete')}
      </button>
    </Dialog>
  );
}

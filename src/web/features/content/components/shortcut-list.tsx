import type { Shortcut } from '../../../../shared/api/content-site.js';
import { SmartLink } from './smart-link.js';

function ShortcutIcon({ icon }: { icon: string | null }) {
  if (!icon) return null;
  if (/^(\/|https?:\/\/)/.test(icon)) return <img className="shortcut__icon" src={icon} alt="" width={24} height={24} loading="lazy" />;
  // A short icon is an emoji or symbol: decoration next to the title.
  return icon.length <= 4 ? <span className="shortcut__icon" aria-hidden="true">{icon}</span> : null;
}

/** Shortcuts as large links: icon, title and description; site links stay in the app, others open as links. */
export function ShortcutList({ shortcuts }: { shortcuts: Shortcut[] }) {
  return (
    <ul className="shortcuts">
      {shortcuts.map((shortcut) => (
        <li key={shortcut.id}>
          <SmartLink href={shortcut.url} className="shortcut">
            <ShortcutIcon icon={shortcut.icon} />
            <span className="shortcut__title">{shortcut.title}</span>{' '}
            {shortcut.description && <span className="shortcut__text">{shortcut.description}</span>}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

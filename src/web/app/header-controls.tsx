import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LANGUAGES, type Language } from '../../shared/i18n/index.js';
import { COLOR_MODES, parseColorMode, writeColorModeCookie, type ColorMode } from '../lib/color-mode.js';
import { writeLanguageCookie } from '../lib/language.js';
import { useAppEnv, useI18n } from './context.js';
import { paths } from './paths.js';
import { OFFLINE_MENU_LABEL } from '../lib/offline/menu-label.js';
import { SHOP_USED_EVENT, SHOP_USED_KEY, shopUsed } from '../features/shop/shop-entry.js';

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

/** Light, dark or the system's: applied at once (CSS follows `data-color-mode`) and kept in a cookie. */
export function ColorModeSelect() {
  const { t } = useI18n();
  const { colorMode } = useAppEnv();
  const [mode, setMode] = useState<ColorMode>(colorMode);
  return (
    <div className="control">
      <label htmlFor="color-mode" className="control__label">{t('colorMode.label')}</label>
      <select
        id="color-mode"
        value={mode}
        onChange={(event) => {
          const next = parseColorMode(event.target.value);
          setMode(next);
          writeColorModeCookie(next);
        }}
      >
        {COLOR_MODES.map((m) => (
          <option key={m} value={m}>{t(`colorMode.${m}`)}</option>
        ))}
      </select>
    </div>
  );
}

/**
 * The languages as buttons, the current one pressed. Choosing one reloads the page, so the server renders it
 * (and its data) in the new language: a deliberate press, never a side effect of moving through a list with the
 * arrow keys (which a select would turn into a reload, WCAG 3.2.2).
 */
export function LanguageSelect() {
  const { t, lang } = useI18n();
  return (
    <div className="control language-choice" role="group" aria-labelledby="language-label">
      <span id="language-label" className="control__label">{t('language.label')}</span>
      <div className="language-choice__options">
        {LANGUAGES.map((l) => (
          <button
            key={l}
            type="button"
            lang={l}
            className="button button--quiet button--small"
            aria-pressed={l === lang}
            onClick={() => {
              if (l === lang) return;
              writeLanguageCookie(l);
              window.location.reload();
            }}
          >
            {LANGUAGE_NAMES[l]}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * Colour mode and language behind one small disclosure, so the header keeps room for the site's name, search
 * and the account. A native <details>: it opens and closes without script (before hydration too) and screen
 * readers announce it as expanded or collapsed; once open, Escape or a press elsewhere closes it.
 */
export function SettingsMenu() {
  const { t, lang } = useI18n();
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const details = ref.current;
    if (!open || !details) return;
    const close = (refocus: boolean) => {
      details.open = false;
      if (refocus) details.querySelector('summary')?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(details.contains(document.activeElement));
    };
    const onPointer = (event: PointerEvent) => {
      if (!details.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer, { passive: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <details ref={ref} className="settings-menu" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="icon-button" title={t('settings.label')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
          <circle cx="15" cy="7" r="2" />
          <circle cx="9" cy="17" r="2" />
        </svg>
        <span className="visually-hidden">{t('settings.label')}</span>
      </summary>
      <div className="settings-menu__panel">
        <ColorModeSelect />
        <LanguageSelect />
        {/* What this device keeps for reading offline. */}
        <Link to={paths.offline()} onClick={() => ref.current && (ref.current.open = false)}>
          {OFFLINE_MENU_LABEL[lang]}
        </Link>
      </div>
    </details>
  );
}

const BasketBadge = lazy(() => import('../features/shop/components/basket-badge.js').then((m) => ({ default: m.BasketBadge })));

/**
 * The basket badge, once this device has used the shop: its code (Dexie, the outbox, the shop's messages) loads
 * after hydration and only then, so a reader who never shops never downloads it. Rendered in the browser only:
 * a basket is personal, and the server's page is every guest's.
 */
export function BasketCorner() {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const check = () => setUsed(shopUsed());
    const onStorage = (event: StorageEvent) => {
      if (event.key === SHOP_USED_KEY) check();
    };
    check();
    window.addEventListener(SHOP_USED_EVENT, check);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SHOP_USED_EVENT, check);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <BasketBadge />
    </Suspense>
  );
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { LANGUAGES } from '../../../shared/i18n/index.js';
import { useAuthState } from '../../lib/auth-state.js';
import { Head } from '../../ui/head.js';
import { useAppEnv, useI18n } from '../context.js';
import { paths } from '../paths.js';
import type { MessageKey } from '../../../shared/i18n/index.js';

type WorkerState = 'unsupported' | 'none' | 'installing' | 'waiting' | 'active' | 'controlling';

async function workerState(): Promise<WorkerState> {
  if (!('serviceWorker' in navigator)) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return 'none';
  if (registration.waiting) return 'waiting';
  if (registration.installing) return 'installing';
  return navigator.serviceWorker.controller ? 'controlling' : 'active';
}

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** The hashed name of the entry script: it changes with every build, so it names the build. */
function buildName(): string {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script ? new URL(script.src).pathname.split('/').pop() ?? '' : '';
}

/** Facts about this copy of the app, for support: build, language, colour mode, network, worker. */
export function Component() {
  const { t } = useI18n();
  const { lang, colorMode } = useAppEnv();
  const { auth, ready } = useAuthState();
  // null until the browser answers: the server cannot know, and hydration must match what it sent.
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => null);
  const [worker, setWorker] = useState<WorkerState | null>(null);
  const [build, setBuild] = useState<string | null>(null);
  const [systemDark, setSystemDark] = useState<boolean | null>(null);
  useEffect(() => {
    void workerState().then(setWorker, () => setWorker('unsupported'));
    // Read once after hydration: these exist only in the browser.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setBuild(buildName());
    setSystemDark(window.matchMedia('(prefers-color-scheme: dark)').matches);
  }, []);
  const checking = t('test.checking');
  const facts: Array<[MessageKey, string]> = [
    ['test.build', build === null ? checking : `${import.meta.env.MODE} · ${build || t('test.unknown')}`],
    ['test.language', `${lang} (${LANGUAGES.join(', ')})`],
    [
      'test.colorMode',
      `${t(`colorMode.${colorMode}`)}${colorMode === 'system' && systemDark !== null ? ` → ${t(systemDark ? 'colorMode.dark' : 'colorMode.light')}` : ''}`,
    ],
    ['test.online', online === null ? checking : t(online ? 'test.isOnline' : 'test.isOffline')],
    ['test.serviceWorker', worker === null ? checking : t(`test.worker.${worker}`)],
    ['test.session', !ready ? checking : auth.isLogin ? t('test.loggedInAs', { name: auth.username }) : t('test.guest')],
  ];
  return (
    <>
      <Head title={t('test.title')} description={t('test.intro')} noindex />
      <header className="page-header">
        <h1>{t('test.title')}</h1>
        <p className="page-header__description">{t('test.intro')}</p>
      </header>
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link className="button" to={paths.apiPlayground()}>{t('test.playground')}</Link>
      </p>
    </>
  );
}

import { useState } from 'react';
import type { CodeLoginResponse } from '../../../shared/api/auth.js';
import { useHttp, useI18n } from '../../app/context.js';
import { codeLogin, type CodeChannel, type CodeLoginAction } from '../../lib/code-api.js';
import { CodeSteps } from '../../ui/code-steps.js';
import { useSession } from '../../lib/session/session-context.js';

interface CodeLoginFormProps {
  /** `auto_sign_in` logs in, or makes the account first; `signup` only makes new accounts. */
  action: Extract<CodeLoginAction, 'auto_sign_in' | 'signup'>;
  onLoggedIn: (response: CodeLoginResponse) => void;
}

/**
 * Log in or sign up with a one-time code by e-mail or SMS: the address or number and a solved captcha send
 * the code, the code logs in. The session stores the login (LOGIN).
 */
export function CodeLoginForm({ action, onLoggedIn }: CodeLoginFormProps) {
  const http = useHttp();
  const session = useSession();
  const { t } = useI18n();
  const [channel, setChannel] = useState<CodeChannel>('email');
  return (
    <CodeSteps
      channel={channel}
      action={action}
      headingLevel={2}
      draftKey={`code-${action}`}
      sendTitle={action === 'signup' ? t('codeLogin.signupTitle') : t('codeLogin.title')}
      confirmLabel={action === 'signup' ? t('signup.submit') : t('login.submit')}
      onCode={async (destination, code) => {
        const response = await codeLogin(http, channel, action, destination, code);
        await session.login(response);
        onLoggedIn(response);
      }}
    >
      <fieldset className="fieldset choice">
        <legend>{t('codeLogin.channel')}</legend>
        {(['email', 'sms'] as const).map((option) => (
          <label key={option} className="choice__option">
            <input type="radio" name="channel" value={option} checked={channel === option} onChange={() => setChannel(option)} />
            {option === 'email' ? t('codeLogin.byEmail') : t('codeLogin.bySms')}
          </label>
        ))}
      </fieldset>
    </CodeSteps>
  );
}

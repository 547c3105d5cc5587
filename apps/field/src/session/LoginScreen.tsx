import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NEW_PASSWORD_MIN_LENGTH, SessionEndpoints } from '@pest/shared';
import { fieldCall } from '../api/fieldCall.ts';

/**
 * Sign-in with the technician's account. An account given a password by an administrator must
 * change it first (the server refuses everything else until then), so the phone asks for a new one.
 */
export function LoginScreen({ onSignedIn, notice }: { onSignedIn(token: string): void; notice: string | null }) {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [mustChange, setMustChange] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const failure = (result: { kind: string; message?: string | null }) => (result.kind === 'failed' ? t('login.offline') : (result.message ?? t('login.failed')));

  const signIn = async (secret: string) => {
    const result = await fieldCall(fetch, null, SessionEndpoints.login, { account: account.trim(), password: secret });
    if (result.kind !== 'ok') return setError(failure(result));
    if (result.data.mustChangePassword) return setMustChange(result.data.token);
    onSignedIn(result.data.token);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    if (mustChange) {
      const changed = await fieldCall(fetch, mustChange, SessionEndpoints.changePassword, { oldPassword: password, newPassword });
      if (changed.kind === 'ok') await signIn(newPassword);
      else setError(failure(changed));
    } else {
      await signIn(password);
    }
    setBusy(false);
  };

  return (
    <form className="screen login" onSubmit={(event) => void submit(event)} data-testid="login-form">
      <h1>{t('appName')}</h1>
      <h2>{t('login.title')}</h2>
      {notice && <p className="banner warn">{notice}</p>}
      <label className="field">
        <span>{t('login.account')}</span>
        <input name="account" autoComplete="username" value={account} readOnly={mustChange !== null} onChange={(event) => setAccount(event.target.value)} required />
      </label>
      <label className="field">
        <span>{t('login.password')}</span>
        <input name="password" type="password" autoComplete="current-password" value={password} readOnly={mustChange !== null} onChange={(event) => setPassword(event.target.value)} required minLength={6} />
      </label>
      {mustChange && (
        <>
          <p className="banner warn">{t('login.mustChange')}</p>
          <label className="field">
            <span>{t('login.newPassword', { count: NEW_PASSWORD_MIN_LENGTH })}</span>
            <input name="newPassword" type="password" autoComplete="new-password" value={newPassword} onChange={(event) => setNewPassword(event.target.value)} required minLength={NEW_PASSWORD_MIN_LENGTH} />
          </label>
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button className="primary big" type="submit" disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}

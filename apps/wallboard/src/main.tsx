import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { boardLanguage, initI18n } from './i18n/i18n.ts';
import { randomScreenId, takeCredentials } from './intake/credentials.ts';
import './board.css';

// First of all, before any request can carry the URL anywhere: take the token out of the address bar.
const credentials = takeCredentials(window.location, window.history, { session: window.sessionStorage, local: window.localStorage }, randomScreenId);
initI18n(boardLanguage(window.location.search));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App credentials={credentials} />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { boardLanguage, initI18n } from './i18n/i18n.ts';
import { keepDisplayToken, keptCredentials, randomScreenId, takeCredentials } from './intake/credentials.ts';
import './board.css';

// First of all, before any request can carry the URL anywhere: take the token out of the address bar.
const stores = { session: window.sessionStorage, local: window.localStorage };
const credentials = takeCredentials(window.location, window.history, stores, randomScreenId);
initI18n(boardLanguage(window.location.search));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App
      credentials={credentials}
      keepToken={(token) => {
        keepDisplayToken(stores, token);
        return keptCredentials(stores, randomScreenId);
      }}
    />
  </StrictMode>,
);

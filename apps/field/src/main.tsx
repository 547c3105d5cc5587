import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initI18n, keptLanguage } from './i18n/i18n.ts';
import { createFieldSession } from './session/fieldSession.ts';
import { openFieldDb } from './store/fieldDb.ts';
import './field.css';

initI18n(keptLanguage(window.localStorage));

// The app shell from the service worker's cache, so the phone opens it with no network at all.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => undefined);
}

// Ask the browser not to evict the entries waiting on the phone when storage runs short.
void navigator.storage?.persist?.().catch(() => false);

void openFieldDb().then((db) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App session={createFieldSession(db, window.localStorage)} />
    </StrictMode>,
  );
});

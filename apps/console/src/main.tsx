// Must stay the first import: Arco's Message, Notification and Modal.confirm render through it on React 19.
import '@arco-design/web-react/es/_util/react-19-adapter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadAppConfig } from './session/appConfig.ts';
import { applyThemePalette, currentSettings } from './app/settings/settings.ts';
import { watchAriaRepairs } from './app/a11y/ariaRepairs.ts';
import { watchEscapeFromSelects } from './app/a11y/escapeClosesDialogs.ts';
import { watchFocusReturn } from './app/a11y/focusReturn.ts';
import { initI18n } from './i18n/i18n.ts';
import './app/global.css';
import './app/a11y/contrast.css';

applyThemePalette(currentSettings().themePalette);
watchAriaRepairs(document.body);
watchFocusReturn();
watchEscapeFromSelects();
void loadAppConfig();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const root = createRoot(container);
void initI18n().then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

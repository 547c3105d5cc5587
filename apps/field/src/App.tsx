import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { go, useRoute, type Route } from './app/route.ts';
import { ServicesContext } from './app/services.ts';
import { switchLanguage } from './i18n/i18n.ts';
import type { FieldSession } from './session/fieldSession.ts';
import { LoginScreen } from './session/LoginScreen.tsx';
import { useDrafts } from './store/useDrafts.ts';
import { TaskList } from './tasks/TaskList.tsx';
import { SyncBar } from './ui/SyncBar.tsx';
import { VisitAlerts } from './ui/VisitAlerts.tsx';
import { FinishScreen } from './visit/FinishScreen.tsx';
import { MaterialsScreen } from './visit/MaterialsScreen.tsx';
import { PointScreen } from './visit/PointScreen.tsx';
import { RisksScreen } from './visit/RisksScreen.tsx';
import { useVisitData } from './visit/useVisitData.ts';
import { VisitScreen } from './visit/VisitScreen.tsx';

function VisitRoute({ route }: { route: Exclude<Route, { screen: 'tasks' }> }) {
  const { t } = useTranslation();
  const data = useVisitData(route.visitId);
  if (data.kind === 'loading') return <p className="screen muted">{t('visit.loading')}</p>;
  if (data.kind === 'unavailable') return <p className="screen banner warn">{t('visit.unavailable')}</p>;
  if (data.kind === 'refused') return <p className="screen banner error">{data.message}</p>;
  const { visit, catalog, draft } = data;
  return (
    <>
      <VisitAlerts draft={draft} />
      {route.screen === 'visit' && <VisitScreen visit={visit} draft={draft} />}
      {route.screen === 'point' && <PointScreen key={route.pointId} visit={visit} draft={draft} pointId={route.pointId} />}
      {route.screen === 'risks' && <RisksScreen visit={visit} draft={draft} />}
      {route.screen === 'materials' && <MaterialsScreen visit={visit} catalog={catalog} draft={draft} />}
      {route.screen === 'finish' && <FinishScreen visit={visit} draft={draft} />}
    </>
  );
}

function SignedIn({ onSignOut }: { onSignOut(): void }) {
  const { t } = useTranslation();
  const route = useRoute();
  const drafts = useDrafts();
  return (
    <>
      <header className="top-bar">
        {route.screen === 'tasks' ? (
          <strong>{t('tasks.title')}</strong>
        ) : (
          <button type="button" className="link" onClick={() => go(route.screen === 'visit' ? { screen: 'tasks' } : { screen: 'visit', visitId: route.visitId })} data-testid="top-back">
            ‹ {t('back')}
          </button>
        )}
        <SyncBar drafts={drafts} />
        <button type="button" className="link" onClick={() => switchLanguage(window.localStorage)}>
          {t('language')}
        </button>
        {route.screen === 'tasks' && (
          <button type="button" className="link" onClick={onSignOut}>
            {t('signOut')}
          </button>
        )}
      </header>
      <main>{route.screen === 'tasks' ? <TaskList drafts={drafts} /> : <VisitRoute key={route.visitId} route={route} />}</main>
    </>
  );
}

export function App({ session }: { session: FieldSession }) {
  const { t } = useTranslation();
  const { services, endedByServer } = useSyncExternalStore(session.subscribe, session.snapshot);
  if (!services) return <LoginScreen onSignedIn={session.signIn} notice={endedByServer ? t('sync.signedOut') : null} />;
  return (
    <ServicesContext.Provider value={services}>
      <SignedIn onSignOut={session.signOut} />
    </ServicesContext.Provider>
  );
}

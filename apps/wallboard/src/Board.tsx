import type { Caller } from './api/http.ts';
import { useBoard } from './board/useBoard.ts';
import { AlarmFeed, Announcement } from './panels/AlarmFeed.tsx';
import { Header } from './panels/Header.tsx';
import { Kpis } from './panels/Kpis.tsx';
import { NoticePanel } from './panels/NoticePanel.tsx';
import { ServiceActivityPanel } from './panels/ServiceActivityPanel.tsx';
import { StoreMap } from './panels/StoreMap.tsx';
import { TrendChart } from './panels/TrendChart.tsx';
import { useBoardTitle } from './screen/useBoardTitle.ts';

/**
 * The whole board for one token: header, KPIs, map, trends, feed, service activity and the latest notice.
 * `titleName` names the window in display mode (the link's name); otherwise the signed-in
 * organisation does. `consoleLinks`: the KPI tiles open the console's lists (a signed-in board's).
 */
export function Board({
  caller,
  onRejected,
  titleName,
  consoleLinks = false,
}: {
  caller: Caller;
  onRejected(): void;
  titleName?: string | null;
  consoleLinks?: boolean;
}) {
  const { state, dismissAnnouncement } = useBoard(caller, onRejected);
  const organisationName = state.user?.organisationName ?? null;
  useBoardTitle(titleName ?? organisationName);
  return (
    <div className="board">
      <Header organisationName={organisationName} connection={state.connection} dataAsOf={state.dataAsOf} />
      <main className="board-grid">
        <div className="column left">
          <Kpis statistics={state.statistics} unacknowledged={state.unacknowledged} today={state.today} consoleLinks={consoleLinks} />
          <ServiceActivityPanel activity={state.activity} />
        </div>
        <div className="column centre">
          <StoreMap stores={state.stores} />
          <NoticePanel notice={state.notice} />
          <div className="trends">
            <TrendChart trend={state.trend24h} span="24h" />
            <TrendChart trend={state.trend7d} span="7d" />
          </div>
        </div>
        <div className="column right">
          <AlarmFeed feed={state.feed} total={state.unhandledTotal} fresh={state.fresh} />
        </div>
      </main>
      <Announcement alarm={state.announcement} onDone={dismissAnnouncement} />
    </div>
  );
}

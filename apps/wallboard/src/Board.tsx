import type { Caller } from './api/http.ts';
import { useBoard } from './board/useBoard.ts';
import { AlarmFeed, Announcement } from './panels/AlarmFeed.tsx';
import { Header } from './panels/Header.tsx';
import { Kpis } from './panels/Kpis.tsx';
import { ServiceActivityPanel } from './panels/ServiceActivityPanel.tsx';
import { StatusDistribution } from './panels/StatusDistribution.tsx';
import { StoreMap } from './panels/StoreMap.tsx';
import { TrendChart } from './panels/TrendChart.tsx';

/** The whole board for one token: header, KPIs, map, trends, feed and service activity. */
export function Board({ caller, onRejected }: { caller: Caller; onRejected(): void }) {
  const { state, dismissAnnouncement } = useBoard(caller, onRejected);
  return (
    <div className="board">
      <Header organisationName={state.user?.organisationName ?? null} connection={state.connection} dataAsOf={state.dataAsOf} />
      <main className="board-grid">
        <div className="column left">
          <Kpis statistics={state.statistics} unacknowledged={state.unacknowledged} today={state.today} />
          <StatusDistribution statistics={state.statistics} />
          <ServiceActivityPanel activity={state.activity} />
        </div>
        <div className="column centre">
          <StoreMap stores={state.stores} />
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

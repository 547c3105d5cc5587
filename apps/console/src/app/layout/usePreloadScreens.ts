import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { preloadNamespaces } from '../../i18n/i18n.ts';
import { routes, type AppRoute } from '../routes.tsx';
import { preloadInTurn } from './preloadInTurn.ts';

const screensOf = (table: readonly AppRoute[]): AppRoute['screen'][] => table.flatMap((route) => [route.screen, ...screensOf(route.children ?? [])]);

/**
 * Once signed in and idle, loads every screen's chunk and every screen's texts ahead. A screen
 * opened from the menu or a link then renders at once: loaded when opened, it suspended, and
 * React kept the fallback for at least 300 ms before showing it (bench/screens: a list page 400 ms
 * after the click, ~300 of them that wait).
 */
export function usePreloadScreens(): void {
  const client = useQueryClient();
  useEffect(() => {
    const screens = screensOf(routes).filter((screen) => screen !== undefined);
    return preloadInTurn([preloadNamespaces, ...screens.map((screen) => screen.preload)], {
      busy: () => client.isFetching() > 0,
      later: (run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
    });
  }, [client]);
}

import { useSyncExternalStore } from 'react';
import { Layout } from '@pest/shared';
import { readableShades } from './readableShades.ts';

/** The settings panel's choices (console-spec section 4, "Settings"); language has its own cookie. */
export interface Settings {
  themeColor: string;
  /**
   * Arco's ten primary shades for themeColor as 'r,g,b'. Kept with the colour so that boot can apply
   * it without the palette generator, which only the settings panel loads.
   */
  themePalette: readonly string[];
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

/** Shades of the default #409EFF; themePalette.test.ts checks them against the generator. */
export const DEFAULT_THEME_PALETTE: readonly string[] = [
  '232,247,255',
  '198,234,255',
  '165,219,255',
  '131,201,255',
  '98,182,255',
  '64,158,255',
  '40,119,210',
  '21,84,166',
  '8,53,121',
  '0,28,77',
];

export const DEFAULT_SETTINGS: Settings = {
  themeColor: Layout.defaultThemeColor,
  themePalette: DEFAULT_THEME_PALETTE,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
};

const STORAGE_KEY = 'console-settings';
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const RGB_TRIPLET = /^\d{1,3},\d{1,3},\d{1,3}$/;

function isTheme(color: unknown, palette: unknown): palette is string[] {
  return (
    typeof color === 'string' &&
    HEX_COLOR.test(color) &&
    Array.isArray(palette) &&
    palette.length === 10 &&
    palette.every((shade) => typeof shade === 'string' && RGB_TRIPLET.test(shade))
  );
}

/** Stored settings over the defaults; anything unreadable or mistyped is ignored, never fatal. */
export function parseSettings(raw: string | null): Settings {
  let stored: unknown;
  try {
    stored = raw ? JSON.parse(raw) : {};
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SETTINGS;
  const value = stored as Record<string, unknown>;
  const flag = (key: 'tagsView' | 'fixedHeader' | 'sidebarLogo') =>
    typeof value[key] === 'boolean' ? (value[key] as boolean) : DEFAULT_SETTINGS[key];
  const theme = isTheme(value.themeColor, value.themePalette)
    ? { themeColor: value.themeColor as string, themePalette: value.themePalette }
    : { themeColor: DEFAULT_SETTINGS.themeColor, themePalette: DEFAULT_SETTINGS.themePalette };
  return { ...theme, tagsView: flag('tagsView'), fixedHeader: flag('fixedHeader'), sidebarLogo: flag('sidebarLogo') };
}

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let current: Settings = typeof localStorage === 'undefined' ? DEFAULT_SETTINGS : parseSettings(readStored());

export function currentSettings(): Settings {
  return current;
}

export function updateSettings(change: Partial<Settings>): void {
  current = { ...current, ...change };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Private mode or a full quota: the choice still holds for this visit.
  }
  for (const listener of listeners) listener();
}

export function subscribeSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribeSettings, currentSettings);
}

/**
 * Arco's primary colour is `--primary-N: var(--arcoblue-N)` on body; overriding the arcoblue
 * shades there recolours every component without rebuilding any CSS. They are the palette's
 * readable shades, so text in the primary colour keeps 4.5:1 whichever theme colour is chosen.
 */
export function applyThemePalette(palette: readonly string[]): void {
  readableShades(palette).forEach((rgb, index) => document.body.style.setProperty(`--arcoblue-${index + 1}`, rgb));
}

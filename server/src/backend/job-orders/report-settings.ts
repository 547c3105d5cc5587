import path from 'node:path';
import { loadConfig } from '../../config.ts';

/** Where reports are cached and how their links are signed; see report-files.ts and report-links.ts. */
export interface ReportSettings {
  /** REPORT_URL_SECRET; without it each process signs with a random secret of its own. */
  urlSecret: string | undefined;
  /** REPORT_CACHE_DIR, else DATA_DIR/reports. */
  cacheDir: string;
}

export function reportSettings(env: Record<string, string | undefined> = process.env): ReportSettings {
  const cacheDir = env.REPORT_CACHE_DIR?.trim();
  return {
    urlSecret: env.REPORT_URL_SECRET?.trim() || undefined,
    cacheDir: cacheDir ? path.resolve(cacheDir) : path.join(loadConfig(env).dataDir, 'reports'),
  };
}

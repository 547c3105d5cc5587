import type { Queryable } from '../db.ts';
export async function catchUpTelemetry(_tx: Queryable, _w: { from: Date; to: Date }) { return { heartbeats: 0, events: 0, days: 0 }; }

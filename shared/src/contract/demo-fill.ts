import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from './envelope.ts';

/**
 * What of the demo data the reference backend is still generating (this product's extension). A
 * first start answers once the first screens' data is in and fills the rest in afterwards; the
 * console says so while it lasts, and test harnesses wait for it. Signed in, as every /api call but
 * the login and device ingress.
 */
export const DemoFillPaths = {
  status: '/api/demo/fill',
} as const;

/** The parts a fill may still be generating. */
export const DEMO_FILL_PARTS = ['deviceAlarms', 'visitSheets', 'heartbeatHistory'] as const;
export type DemoFillPart = (typeof DEMO_FILL_PARTS)[number];

export const DemoFillStatus = Type.Object({
  /** Parts still being generated; empty when the demo data is complete (always, with a provider's own backend). */
  filling: Type.Array(Type.Union(DEMO_FILL_PARTS.map((part) => Type.Literal(part)))),
});
export type DemoFillStatus = Static<typeof DemoFillStatus>;
export const DemoFillStatusResponse = Envelope(DemoFillStatus);

/** How long the console waits before asking again while a fill lasts. */
export const DEMO_FILL_POLL_MS = 5_000;

import { defineEndpoint } from '../api/endpoint.ts';
import { DemoFillPaths, DemoFillStatusResponse } from '../contract/demo-fill.ts';

/** What of the demo data is still being generated: the console says so, test harnesses wait for it. */
export const DemoFillEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: DemoFillPaths.status,
    response: DemoFillStatusResponse,
    tags: ['demo'],
    summary: 'The parts of the demo data still being generated',
    description: 'A first start answers once the first screens have their data and fills the rest in afterwards; empty when complete. Any signed-in staff account may ask.',
  }),
};

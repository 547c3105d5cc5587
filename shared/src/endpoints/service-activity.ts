import { defineEndpoint } from '../api/endpoint.ts';
import { CHINA_TIME_ZONE } from '../constants.ts';
import { ServiceActivityBody, ServiceActivityPaths, ServiceActivityResponse } from '../contract/service-activity.ts';

/**
 * Today's service activity for the wallboard (this product's extension). Today is the backend's
 * clock's, the one the service scheduler runs on.
 */
export const ServiceActivityEndpoints = {
  activity: defineEndpoint({
    method: 'POST',
    path: ServiceActivityPaths.activity,
    input: ServiceActivityBody,
    response: ServiceActivityResponse,
    load: 'heavy',
    access: 'display',
    tags: ['service activity'],
    summary: "The service day's job orders in scope (in progress, upcoming, done, all), the week's overdue ones and its five busiest stores",
    description: `The service day is today (${CHINA_TIME_ZONE}) when the scope has job orders today, otherwise the latest earlier day with some (\`isToday\` false); \`day\` is null without any job order.`,
  }),
};

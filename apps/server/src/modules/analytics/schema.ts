import { z } from 'zod';
import { resourceSchema } from '../../http/jsonapi';

export const analyticsReportResource = resourceSchema('AnalyticsReport', 'analytics_reports', {
  attributes: z.object({
    days: z.array(z.string()).describe('The days (UTC, YYYY-MM-DD) of the period, oldest first.'),
    total: z.number().int().describe('Page views in the period.'),
    routes: z.array(
      z.object({
        route: z.string().describe('The route pattern, e.g. /courses/:course.'),
        total: z.number().int(),
        per_day: z.array(z.number().int()).describe('One count per day of `days`.'),
      }),
    ),
  }),
});

export const analyticsSettingsResource = resourceSchema('AnalyticsSettings', 'analytics_settings', {
  attributes: z.object({ enabled: z.boolean().describe('Whether page views are counted.') }),
});

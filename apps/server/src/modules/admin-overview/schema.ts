import { z } from 'zod';
import { resourceSchema } from '../../http/jsonapi';

const perWeek = z.array(z.number().int()).describe('One count per week, oldest first (see week_starts).');

export const adminOverviewResource = resourceSchema('AdminOverview', 'admin_overviews', {
  attributes: z.object({
    weeks: z.number().int(),
    week_starts: z.array(z.string()).describe('Monday (UTC, YYYY-MM-DD) of each week of the period.'),
    active_learners: perWeek.describe('Distinct learners who worked on a learning object or enrolled.'),
    enrolments: perWeek,
    completions: perWeek,
    sign_ups: perWeek,
    open_content_issues: z.object({
      total: z.number().int(),
      open: z.number().int(),
      in_progress: z.number().int(),
    }),
    open_tickets: z
      .object({ total: z.number().int(), open: z.number().int(), answered: z.number().int() })
      .nullable()
      .describe('Null when the portal has no review tickets.'),
    revenue: z
      .object({
        months: z.array(z.string()).describe('Calendar months (YYYY-MM) of the period.'),
        currencies: z.array(
          z.object({
            currency: z.string(),
            cents: z.array(z.number().int()).describe('Paid less refunded, per month, integer cents.'),
            orders: z.array(z.number().int()).describe('Paid orders per month.'),
          }),
        ),
      })
      .nullable()
      .describe('Null for staff who do not see orders.'),
  }),
});

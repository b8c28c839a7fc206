import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas.js';
import { type DailyReport, DailyReportQuery } from '../../reports/daily-report.js';

const Total = Type.Object({ count: Type.Integer(), sum: Type.String({ description: 'Exact decimal' }) });
const Statuses = { accepted: Total, held: Total, returned: Total };

export const adminReportRoutes: FastifyPluginAsyncTypebox<{ dailyReport: DailyReport }> = async (
  app,
  { dailyReport },
) => {
  app.get(
    '/reports/daily',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'Count and exact sum per day of accepted, held and returned payments',
        querystring: DailyReportQuery,
        response: {
          200: Type.Object(
            {
              from: Type.String({ format: 'date' }),
              to: Type.String({ format: 'date' }),
              timeZone: Type.String({ description: 'BIS_TIME_ZONE: the days are its days' }),
              groupBy: Nullable(Type.String()),
              days: Type.Array(
                Type.Object({
                  date: Type.String({ format: 'date' }),
                  clientId: Type.Optional(Type.String()),
                  clientName: Type.Optional(Nullable(Type.String())),
                  paymentType: Type.Optional(Type.String()),
                  currency: Nullable(Type.String({ description: 'null on a day without payments' })),
                  ...Statuses,
                }),
                {
                  description:
                    'By day of the transaction date, then group and currency. Ungrouped, every day of the range has a row',
                },
              ),
              totals: Type.Array(Type.Object({ currency: Type.String(), ...Statuses }), {
                description: 'The whole range, per currency',
              }),
            },
            { description: 'The daily totals' },
          ),
        },
      },
    },
    async (request) => dailyReport.report(request.query),
  );
};

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Nullable } from '../../http/schemas.js';
import { type DailyReport, type DailyReportQuery, MAX_DAYS } from '../../reports/daily-report.js';

const Total = Type.Object({ count: Type.Integer(), sum: Type.String({ description: 'Exact decimal' }) });
const Statuses = { accepted: Total, held: Total, returned: Total };

export async function adminReportRoutes(app: FastifyInstance, { dailyReport }: { dailyReport: DailyReport }) {
  app.get<{ Querystring: DailyReportQuery }>(
    '/reports/daily',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'Count and exact sum per day of accepted, held and returned payments',
        querystring: Type.Object({
          from: Type.Optional(Type.String({ description: 'First day, YYYY-MM-DD (default: 30 days before to)' })),
          to: Type.Optional(
            Type.String({ description: `Last day, YYYY-MM-DD, inclusive (default: today); at most ${MAX_DAYS} days` }),
          ),
          groupBy: Type.Optional(Type.Union([Type.Literal('client'), Type.Literal('paymentType')])),
        }),
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
}

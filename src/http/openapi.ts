import type { SwaggerOptions } from '@fastify/swagger';

export const openApiOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Bank Integration Service',
      version: '0.1.1-alpha',
      description:
        'Bank API (token, validate, payments) and the organisation\'s admin API. Bank result codes: 0 found/accepted, 1 customer not found (payment held), 2 customer not validated (payment held), 3 duplicate transactionReference with other details, 4 invalid input, 5 service unavailable.',
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Access token from POST /oauth/v1/token' },
        basicAuth: { type: 'http', scheme: 'basic', description: 'client_id:client_secret, each form-urlencoded' },
        adminAuth: { type: 'http', scheme: 'bearer', description: 'BIS_ADMIN_TOKEN' },
      },
    },
    tags: [
      { name: 'bank', description: 'Called by banks' },
      { name: 'admin', description: "The organisation's admin API" },
      { name: 'handover', description: 'One-time credential hand-over pages' },
      { name: 'operations', description: 'Health checks' },
    ],
  },
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { BANK_RESULT, CUSTOMER_NOT_FOUND } from '../../http/contract-answers.js';
import { BankError, BankUnavailable, NoBody } from '../../http/schemas.js';
import type { MembersService } from '../../members/members-service.js';
import type { SandboxBank } from '../../sandbox/sandbox-bank.js';

export const VALIDATE_BODY_LIMIT = 16 * 1024;

const ValidationResult = (description: string, example: object) =>
  Type.Object(
    {
      resultCode: Type.Integer({ description: '0 = found, 1 = not found' }),
      message: Type.String({ description: '"Customer found" or "Customer not found"' }),
      customerName: Type.String({ description: "The member's full name; empty when not found" }),
      customerRef: Type.String({ description: 'The Member Number without surrounding spaces; empty when not found' }),
    },
    { description, examples: [example] },
  );

const ValidateBody = Type.Object(
  { customerRef: Type.String({ description: 'The Member Number: seven digits; surrounding spaces are ignored' }) },
  { additionalProperties: true, examples: [{ customerRef: '1234567' }] },
);

export const validateRoutes: FastifyPluginAsyncTypebox<{
  membersService: Pick<MembersService, 'validate'>;
  sandboxBank: Pick<SandboxBank, 'validate'>;
}> = async (app, { membersService, sandboxBank }) => {
  app.post(
    '/bank/v1/validate',
    {
      bodyLimit: VALIDATE_BODY_LIMIT,
      config: { counts: 'validations' },
      schema: {
        tags: ['bank'],
        summary: 'Validate a member before a payment',
        security: [{ bankOAuth: [] }],
        body: ValidateBody,
        response: {
          200: ValidationResult('The member can receive a payment now', {
            resultCode: 0,
            message: 'Customer found',
            customerName: 'Jane Wanjiru',
            customerRef: '1234567',
          }),
          400: BankError,
          401: NoBody('Token missing, expired or not valid: request a new token'),
          404: ValidationResult('No member who can receive a payment now: hold the payment', CUSTOMER_NOT_FOUND),
          413: NoBody('Body larger than 16 KiB'),
          503: BankUnavailable,
        },
      },
    },
    async (request, reply) => {
      // A sandbox client's token sees the test members, a live one the register: never the other's.
      const members = request.sandbox ? sandboxBank : membersService;
      const result = await members.validate(request.clientId, request.body.customerRef);
      request.outcome = { outcome: result.found ? 'found' : 'not_found' };
      if (!result.found) return reply.code(404).send(CUSTOMER_NOT_FOUND);
      return {
        resultCode: BANK_RESULT.ok,
        message: 'Customer found',
        customerName: result.customerName,
        customerRef: result.memberNumber,
      };
    },
  );
};

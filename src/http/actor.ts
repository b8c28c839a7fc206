import type { FastifyRequest } from 'fastify';
import type { Actor } from '../audit/audit-store.js';

export const actorOf = (request: FastifyRequest): Actor => ({ requestId: request.id, sourceIp: request.ip });

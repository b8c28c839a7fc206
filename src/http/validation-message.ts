import type { FastifyError } from 'fastify';

/** Turns Ajv's first complaint into "<field>: <problem>", the form the bank contract promises. */
export function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'body: is invalid';
  const params = first.params as Record<string, unknown>;
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const named = params.missingProperty ?? params.additionalProperty;
  const field = named !== undefined ? [path, named].filter(Boolean).join('.') : path;
  const where = field || (error.validationContext ?? 'body');
  switch (first.keyword) {
    case 'required':
      return `${where}: is required`;
    case 'type':
      return `${where}: must be ${params.type === 'object' ? 'a JSON object' : `a ${String(params.type).replace(',', ' or ')}`}`;
    case 'enum':
      return `${where}: must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const': {
      // A union of literals fails once per literal, at the same place: name them all.
      const allowed = (error.validation ?? [])
        .filter((e) => e.keyword === 'const' && e.instancePath === first.instancePath)
        .map((e) => String((e.params as { allowedValue: unknown }).allowedValue));
      return allowed.length > 1 ? `${where}: must be one of ${allowed.join(', ')}` : `${where}: must be ${allowed[0]}`;
    }
    case 'additionalProperties':
      return `${where}: is not a field here`;
    case 'maxLength':
      return `${where}: must be at most ${String(params.limit)} characters`;
    case 'minLength':
      return `${where}: must not be empty`;
    case 'anyOf':
      return `${where}: has the wrong type`;
    default:
      return `${where}: ${first.message ?? 'is invalid'}`;
  }
}

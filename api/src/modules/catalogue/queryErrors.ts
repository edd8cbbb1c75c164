import type { FastifySchemaValidationError } from 'fastify/types/schema';

function describe(error: FastifySchemaValidationError, dataVar: string): string {
  const where = `${dataVar}${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return `${where} must be one of ${params.allowedValues.join(', ')}`;
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `${where} has an unknown parameter "${params.additionalProperty}"`;
  }
  return `${where} ${error.message ?? 'is not valid'}`;
}

/**
 * Validation messages a client developer can act on: the allowed values of a closed list and the
 * name of an unknown parameter, rather than Ajv's "must be equal to one of the allowed values".
 */
export function explainQueryErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  return new Error(errors.map((error) => describe(error, dataVar)).join('; '));
}

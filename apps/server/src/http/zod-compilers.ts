import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Fastify's schema controller with the zod compilers as its factories. Routes are validated and
 * serialized with their zod schemas; given no factories, Fastify would load and set up Ajv and
 * fast-json-stringify at every start (tens of milliseconds) only for them to be replaced.
 */
export const ZOD_SCHEMA_CONTROLLER: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler,
  },
};

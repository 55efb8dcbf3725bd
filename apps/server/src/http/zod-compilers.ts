import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type Factories = NonNullable<SchemaController['compilersFactory']>;

/**
 * Fastify's schema controller with the zod compilers as its factories. Routes are validated and
 * serialized with their zod schemas; given no factories, Fastify would load and set up Ajv and
 * fast-json-stringify at every start (tens of milliseconds) only for them to be replaced. The
 * casts: Fastify types its factories for Ajv's schemas, but calls the compiler they return
 * exactly as `setValidatorCompiler`'s (one route's schema, method, URL and part).
 */
export const ZOD_SCHEMA_CONTROLLER: SchemaController = {
  compilersFactory: {
    buildValidator: (() => validatorCompiler) as unknown as Factories['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as Factories['buildSerializer'],
  },
};

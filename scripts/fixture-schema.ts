// Writes docs/fixture.schema.json from the mock's zod schema of a fixture (MOCK-34); test/mock/fixtures/schema.test.ts checks it is fresh.
import { writeFileSync } from 'node:fs';
import { fixtureJsonSchema } from '../mock-server/seed/fixture-schema.js';

export const FIXTURE_SCHEMA_FILE = new URL('../docs/fixture.schema.json', import.meta.url);
export const fixtureSchemaText = (): string => `${JSON.stringify(fixtureJsonSchema(), null, 2)}\n`;

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) writeFileSync(FIXTURE_SCHEMA_FILE, fixtureSchemaText());

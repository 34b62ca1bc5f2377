// Writes docs/openapi.json from the contract (npm run openapi).
import { writeFileSync } from 'node:fs';
import { openApiText } from './openapi-document.js';

writeFileSync(new URL('../docs/openapi.json', import.meta.url), openApiText());
console.log('wrote docs/openapi.json');

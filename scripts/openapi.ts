// Writes docs/openapi.json from the contract and the examples captured from the demo mock (npm run openapi).
import { writeFileSync } from 'node:fs';
import { openApiText } from './openapi-document.js';

writeFileSync(new URL('../docs/openapi.json', import.meta.url), await openApiText());
console.log('wrote docs/openapi.json');

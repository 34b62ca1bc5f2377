// Writes docs/errors.md from the catalogue of error codes (npm run errors).
import { writeFileSync } from 'node:fs';
import { errorCodesText } from './error-codes-document.js';

writeFileSync(new URL('../docs/errors.md', import.meta.url), errorCodesText());
console.log('wrote docs/errors.md');

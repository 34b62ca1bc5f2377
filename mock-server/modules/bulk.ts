import { bulkRoutes } from '../routes/bulk.js';
import { defineModule } from './define.js';

/** Bulk calls run other modules' endpoints: no tables of its own. */
export const bulk = defineModule({ name: 'bulk', routes: bulkRoutes });

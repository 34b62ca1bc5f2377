import { defineEinvoiceRecordTables } from '../domain/einvoice-records/index.js';
import { einvoiceRecordRoutes } from '../routes/einvoice-records.js';
import { defineModule } from './define.js';

export const einvoiceRecords = defineModule({
  name: 'einvoice-records',
  tables: [defineEinvoiceRecordTables],
  routes: einvoiceRecordRoutes,
});

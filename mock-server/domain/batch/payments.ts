import { BulkPaymentCreate, contract } from '../../../src/contract/index.js';
import { presentPayment, recordPayment } from '../sales/index.js';
import { defineBatchEntity } from './entities.js';

const { sales } = contract;

// Spec document 3's batch table: payments, at most 200, create: a customer payment naming its invoice (as bulk payments do).
export const paymentsBatch = defineBatchEntity({
  entity: 'payments',
  noun: 'payment',
  operations: {
    create: {
      schema: BulkPaymentCreate,
      invalid: sales.invoicePaymentsCreate.invalid,
      run: (ctx, data) => {
        const { invoiceId, ...payment } = data as BulkPaymentCreate;
        return presentPayment(recordPayment(ctx, invoiceId, payment as never));
      },
    },
  },
  irreversible: ['create'],
});

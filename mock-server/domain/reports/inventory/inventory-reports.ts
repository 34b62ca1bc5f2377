import { contract } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import {
  ITEM_CATEGORIES,
  ITEMS,
  LOCATIONS,
  lowStockReport,
  STOCK_BALANCES,
  STOCK_MOVEMENTS,
  stockMovementsReport,
  stockMovementsTable,
  stockValuationReport,
  type MovementsQuery,
} from '../../inventory/index.js';
import { addDays, companyToday } from '../../shared/calendar.js';
import { asOfPeriod, rangePeriod } from '../core/document.js';
import { STOCK_AGING_BANDS, stockAging } from './inventory-aging.js';
import { column, fromModule } from '../core/module-report.js';
import { checkedRange } from '../core/period.js';
import { defineReport } from '../core/registry.js';

// Spec document 3, "Reports": the inventory reports, each the inventory module's one computation
// (spec document 2, "Inventory reports"; REP-47) served at /v1/reports/<type> in every format.

const { reports } = contract;

/** Every table the stock figures are read from: the log, the items and their categories, locations and stock records. */
const STOCK_TABLES = [STOCK_MOVEMENTS, ITEMS, ITEM_CATEGORIES, LOCATIONS, STOCK_BALANCES];
const movementRows = (ctx: CompanyContext) => stockMovementsTable(ctx).size;

const stockValuationOf = fromModule('stock-valuation', movementRows, stockValuationReport);

export const stockValuationDefinition = defineReport({
  type: 'stock-valuation',
  endpoint: reports.reportsStockValuation,
  reads: STOCK_TABLES,
  compute: stockValuationOf,
  filename: (report) => `stock-valuation-${report.asOfDate}`,
  layout: (report) => ({
    title: 'Stock valuation',
    period: asOfPeriod(report.asOfDate),
    notes: [`Valued by ${report.valuationMethod.toUpperCase()} cost.`],
    tables: [
      {
        name: 'Items',
        columns: [
          column('itemCode', 'Code'),
          column('itemName', 'Item'),
          column('quantity', 'Quantity', 'number'),
          column('averageCost', 'Average cost', 'number'),
          column('totalValue', 'Value', 'money'),
        ],
        rows: report.items,
        totals: {
          itemCode: '',
          itemName: 'Total',
          quantity: report.summary.totalQuantity,
          averageCost: null,
          totalValue: report.summary.totalValue,
        },
      },
      {
        name: 'By location',
        columns: [
          column('locationName', 'Location'),
          column('totalItems', 'Items', 'integer'),
          column('totalQuantity', 'Quantity', 'number'),
          column('totalValue', 'Value', 'money'),
        ],
        rows: report.byLocation,
      },
      {
        name: 'By category',
        columns: [
          column('categoryName', 'Category'),
          column('totalItems', 'Items', 'integer'),
          column('totalQuantity', 'Quantity', 'number'),
          column('totalValue', 'Value', 'money'),
        ],
        rows: report.byCategory.map((row) => ({ ...row, categoryName: row.categoryName ?? 'Uncategorised' })),
      },
    ],
  }),
});

const inventoryMovementOf = fromModule('inventory-movement', movementRows, (ctx, params: MovementsQuery) => {
  // The inventory report's default period (30 days to today), checked as every report's range is.
  const dateTo = params.dateTo ?? companyToday(ctx);
  const dateFrom = params.dateFrom ?? addDays(dateTo, -30);
  checkedRange(dateFrom, dateTo, ['dateFrom', 'dateTo']);
  return stockMovementsReport(ctx, { ...params, dateFrom, dateTo });
});

export const inventoryMovementDefinition = defineReport({
  type: 'inventory-movement',
  endpoint: reports.reportsInventoryMovement,
  reads: STOCK_TABLES,
  compute: inventoryMovementOf,
  filename: (report) => `inventory-movement-${report.periodFrom}-to-${report.periodTo}`,
  layout: (report) => {
    const flat = (row: (typeof report.items)[number] | typeof report.totals) => ({
      openingQuantity: row.opening.quantity,
      openingValue: row.opening.value,
      inQuantity: row.in.quantity,
      inValue: row.in.value,
      outQuantity: row.out.quantity,
      outValue: row.out.value,
      closingQuantity: row.closing.quantity,
      closingValue: row.closing.value,
    });
    return {
      title: 'Inventory movement',
      period: rangePeriod(report.periodFrom, report.periodTo),
      notes: report.type ? [`In and out count ${report.type} movements only.`] : undefined,
      tables: [
        {
          name: 'Inventory movement',
          columns: [
            column('itemCode', 'Code'),
            column('itemName', 'Item'),
            ...(['opening', 'in', 'out', 'closing'] as const).flatMap((part) => [
              column(`${part}Quantity`, `${part[0].toUpperCase()}${part.slice(1)} qty`, 'number'),
              column(`${part}Value`, `${part[0].toUpperCase()}${part.slice(1)} value`, 'money'),
            ]),
          ],
          rows: report.items.map((row) => ({ itemCode: row.itemCode, itemName: row.itemName, ...flat(row) })),
          totals: { itemCode: '', itemName: 'Total', ...flat(report.totals) },
        },
      ],
    };
  },
});

export const stockAgingDefinition = defineReport({
  type: 'stock-aging',
  endpoint: reports.reportsStockAging,
  reads: STOCK_TABLES,
  compute: stockAging,
  filename: (report) => `stock-aging-${report.asOfDate}`,
  layout: (report) => {
    const bandColumns = STOCK_AGING_BANDS.map((band, index) => column(`band${index}`, band.periodName, 'money'));
    const bandValues = (values: number[]) => Object.fromEntries(values.map((value, index) => [`band${index}`, value]));
    return {
      title: 'Stock aging',
      period: asOfPeriod(report.asOfDate),
      notes: ['Days since the receipt the stock still held came in by, first in first out; values at the ledger cost.'],
      chart: {
        title: 'Stock value by age',
        labels: report.agingPeriods.map((p) => p.periodName),
        values: report.agingPeriods.map((p) => p.value),
      },
      tables: [
        {
          name: 'Stock aging',
          columns: [
            column('itemCode', 'Code'),
            column('itemName', 'Item'),
            column('quantity', 'Quantity', 'number'),
            ...bandColumns,
            column('value', 'Value', 'money'),
          ],
          rows: report.items.map((row) => ({
            itemCode: row.itemCode,
            itemName: row.itemName,
            quantity: row.quantity,
            ...bandValues(row.periods.map((p) => p.value)),
            value: row.value,
          })),
          totals: {
            itemCode: '',
            itemName: 'Total',
            quantity: report.summary.totalQuantity,
            ...bandValues(report.agingPeriods.map((p) => p.value)),
            value: report.summary.totalValue,
          },
        },
      ],
    };
  },
});

const lowStockAlertOf = fromModule('low-stock-alert', movementRows, lowStockReport);

export const lowStockAlertDefinition = defineReport({
  type: 'low-stock-alert',
  endpoint: reports.reportsLowStockAlert,
  reads: STOCK_TABLES,
  compute: lowStockAlertOf,
  filename: (report) => `low-stock-alert-${report.asOfDate}`,
  layout: (report) => ({
    title: 'Low stock alert',
    period: asOfPeriod(report.asOfDate),
    notes: [
      `${report.summary.outOfStock} out of stock, ${report.summary.belowMinimum} below minimum, ${report.summary.atReorderPoint} at the reorder point.`,
    ],
    tables: [
      {
        name: 'Low stock',
        columns: [
          column('itemCode', 'Code'),
          column('itemName', 'Item'),
          column('status', 'Status'),
          column('currentStock', 'On hand', 'number'),
          column('onOrderStock', 'On order', 'number'),
          column('minimumStock', 'Minimum', 'number'),
          column('reorderPoint', 'Reorder point', 'number'),
          column('suggestedQuantity', 'Suggested qty', 'number'),
          column('suggestedValue', 'Suggested value', 'money'),
        ],
        rows: report.items.map((row) => ({ ...row, status: row.status.replaceAll('_', ' ') })),
        totals: { itemCode: '', itemName: 'Total', suggestedValue: report.summary.suggestedValue },
      },
    ],
  }),
});

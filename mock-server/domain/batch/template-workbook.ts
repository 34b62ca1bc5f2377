import ExcelJS from 'exceljs';
import type { BatchTemplateEntity } from '../../../src/contract/index.js';
import type { TemplateColumn } from './template-columns.js';

// The spreadsheet template of a batch entity (BATCH-25), loaded only when one is asked for.

/** Rows a spreadsheet template validates (the drop-down lists reach this far down). */
const TEMPLATE_ROWS = 1000;
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE0E8' } };

export async function renderWorkbook(entity: BatchTemplateEntity, columns: readonly TemplateColumn[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = workbook.modified = new Date(0);
  const sheet = workbook.addWorksheet(entity);
  const instructions = workbook.addWorksheet('Instructions');
  const lists = workbook.addWorksheet('Lists', { state: 'hidden' });
  const header = sheet.addRow(columns.map((c) => c.field));
  header.font = { bold: true };
  header.eachCell((cell) => (cell.fill = HEADER_FILL));
  sheet.addRow(columns.map((c) => c.example));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  let listColumn = 0;
  columns.forEach((column, index) => {
    sheet.getColumn(index + 1).width = Math.max(12, column.field.length + 2, column.example.length + 2);
    if (column.required) header.getCell(index + 1).note = 'required';
    if (!column.choices) return;
    listColumn += 1;
    const letter = lists.getColumn(listColumn).letter;
    lists.getCell(`${letter}1`).value = column.field;
    for (const [i, choice] of column.choices.entries()) lists.getCell(`${letter}${i + 2}`).value = choice;
    const validation: ExcelJS.DataValidation = {
      type: 'list',
      allowBlank: !column.required,
      formulae: [`Lists!$${letter}$2:$${letter}$${column.choices.length + 1}`],
      showErrorMessage: true,
      errorTitle: column.field,
      error: `Choose one of the listed values of ${column.field}`,
    };
    const cellColumn = sheet.getColumn(index + 1).letter;
    for (let row = 2; row <= TEMPLATE_ROWS; row += 1) sheet.getCell(`${cellColumn}${row}`).dataValidation = validation;
  });
  writeInstructions(instructions, entity, columns);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function writeInstructions(sheet: ExcelJS.Worksheet, entity: BatchTemplateEntity, columns: readonly TemplateColumn[]): void {
  sheet.addRow([`Importing ${entity}`]).font = { bold: true, size: 14 };
  sheet.addRow([`Fill one ${entity.replace(/s$/, '')} per row of the "${entity}" sheet under the header row; replace the example row.`]);
  sheet.addRow(['Save the sheet as CSV (UTF-8) and import it, mapping each field to its column.']);
  sheet.addRow([]);
  sheet.addRow(['Column', 'Required', 'Allowed values', 'Notes']).font = { bold: true };
  for (const c of columns) sheet.addRow([c.field, c.required ? 'yes' : 'no', c.choices?.join(', ') ?? '', c.note ?? '']);
  sheet.getColumn(1).width = 24;
  sheet.getColumn(3).width = 40;
  sheet.getColumn(4).width = 40;
}

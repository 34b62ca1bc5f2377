/** Operators of the filter form `<field>[<operator>]=<value>` (spec document 1, "Filtering and sorting"). */
export type FilterOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'nin' | 'contains' | 'startswith' | 'endswith';

/** Kinds of the fields a list opens to the operator form, as `list.filters` of the contract declares them. */
export type FilterKind = 'string' | 'number' | 'date' | 'datetime' | 'boolean';

/** The operators a field of each kind takes (decision PLAT-38): text ones on text only, no order on a boolean. */
export interface FilterOperatorsByKind {
  string: FilterOperator;
  number: Exclude<FilterOperator, 'contains' | 'startswith' | 'endswith'>;
  date: Exclude<FilterOperator, 'contains' | 'startswith' | 'endswith'>;
  datetime: Exclude<FilterOperator, 'contains' | 'startswith' | 'endswith'>;
  boolean: 'eq' | 'ne' | 'in' | 'nin';
}

/** Each operator's operand: one value, a list of them for `in`/`nin`, text for the text operators. */
interface FilterOperands<T> {
  eq?: T;
  ne?: T;
  gt?: T;
  gte?: T;
  lt?: T;
  lte?: T;
  in?: readonly T[];
  nin?: readonly T[];
  contains?: string;
  startswith?: string;
  endswith?: string;
}

/**
 * A list filter as the SDK takes it: a plain value (`eq`), or an operator object sent as
 * `field[operator]=value`: `{ total: { gte: 100 } }`, `{ status: { in: ['sent', 'overdue'] } }`.
 * `Op` narrows it to the operators the field's kind takes (`FilterCondition<number, FilterOperatorsByKind['number']>`).
 */
export type FilterCondition<T, Op extends FilterOperator = FilterOperator> = T | Pick<FilterOperands<T>, Op>;

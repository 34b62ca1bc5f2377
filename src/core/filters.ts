/** Operators of the filter form `<field>[<operator>]=<value>` (spec document 1, "Filtering and sorting"). */
export type FilterOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'nin' | 'contains' | 'startswith' | 'endswith';

/**
 * A list filter as the SDK takes it: a plain value (`eq`), or an operator object sent as
 * `field[operator]=value`: `{ total: { gte: 100 } }`, `{ status: { in: ['sent', 'overdue'] } }`.
 */
export type FilterCondition<T> =
  | T
  | {
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
    };

import type { CursorPagination, OffsetPagination, PageNumberPagination } from '../generated/index.js';
import type { PagingForm } from './route.js';
import { ApiPromise } from './api-promise.js';
import { AcsError, InvalidArgumentError } from './errors.js';

/** Fetches the page for a query; a page keeps it to fetch the pages after it. */
export type FetchPage<P> = (query: Record<string, unknown>) => Promise<P>;

export interface PageInit<T, Pagination> {
  data: T[];
  pagination: Pagination;
  /** The query this page was fetched with; the next page's query is built from it. */
  query: Record<string, unknown>;
  fetchPage: FetchPage<Page<T>>;
}

/** Bounds for `toArray()`: stop after `limit` items. */
export interface ToArrayOptions {
  limit?: number;
}

/**
 * One page of a list, the same interface for the three paging forms of the spec. Iterating a page with
 * `for await` yields every item from here to the end, fetching later pages as it goes.
 */
export abstract class Page<T, Pagination = unknown> implements AsyncIterable<T> {
  readonly data: T[];
  /** The `pagination` object of the response, as sent. */
  readonly pagination: Pagination;
  protected readonly query: Record<string, unknown>;
  readonly #fetchPage: FetchPage<Page<T>>;

  constructor(init: PageInit<T, Pagination>) {
    this.data = init.data;
    this.pagination = init.pagination;
    this.query = init.query;
    this.#fetchPage = init.fetchPage;
  }

  /** Whether the service says more records follow. */
  abstract get hasMore(): boolean;
  /** Records matching the query across all pages. */
  abstract get total(): number | undefined;
  /** The query of the next page, or null when this is the last. */
  protected abstract nextPageQuery(): Record<string, unknown> | null;

  hasNextPage(): boolean {
    return this.nextPageQuery() !== null;
  }

  async getNextPage(): Promise<this> {
    const query = this.nextPageQuery();
    if (query === null) {
      throw new AcsError({ code: 'NO_NEXT_PAGE', message: 'There is no next page; check hasNextPage() before getNextPage().' });
    }
    return (await this.#fetchPage(query)) as this;
  }

  /** This page and every page after it. An empty page that says `hasMore` does not end the walk. */
  async *pages(): AsyncGenerator<this> {
    let page: this = this;
    for (;;) {
      yield page;
      if (!page.hasNextPage()) return;
      page = await page.getNextPage();
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item from this page on, or the first `limit`; stops fetching once it has enough. */
  async toArray(options: ToArrayOptions = {}): Promise<T[]> {
    return collect(this, options.limit);
  }
}

/** Cursor paging (spec document 1, "Pagination"): `limit` and `cursor` in, `nextCursor` out. */
export class CursorPage<T> extends Page<T, CursorPagination> {
  get hasMore(): boolean {
    return this.pagination?.hasMore === true;
  }
  get total(): number | undefined {
    return this.pagination?.total;
  }
  get nextCursor(): string | null {
    return this.pagination?.nextCursor ?? null;
  }
  protected nextPageQuery(): Record<string, unknown> | null {
    const cursor = this.nextCursor;
    // A cursor equal to the one just used would fetch this page again forever.
    if (!this.hasMore || cursor === null || cursor === this.query.cursor) return null;
    return { ...this.query, cursor };
  }
}

/** Offset paging (the suppliers list): `limit` and `offset` in, `nextOffset` out. */
export class OffsetPage<T> extends Page<T, OffsetPagination> {
  get hasMore(): boolean {
    return this.pagination?.hasMore === true;
  }
  get total(): number | undefined {
    return this.pagination?.total;
  }
  get nextOffset(): number | null {
    return this.pagination?.nextOffset ?? null;
  }
  protected nextPageQuery(): Record<string, unknown> | null {
    const offset = this.nextOffset;
    if (!this.hasMore || offset === null || offset === (this.query.offset ?? 0)) return null;
    return { ...this.query, offset };
  }
}

/** Page-number paging (the data-management API): 1-based `pageNo` and `pageSize` in, `totalRecords` out. */
export class PageNumberPage<T> extends Page<T, PageNumberPagination> {
  get hasMore(): boolean {
    return this.pagination?.hasMore === true;
  }
  get total(): number | undefined {
    return this.pagination?.totalRecords;
  }
  get pageNo(): number {
    return this.pagination?.pageNo ?? Number(this.query.pageNo ?? 1);
  }
  protected nextPageQuery(): Record<string, unknown> | null {
    return this.hasMore ? { ...this.query, pageNo: this.pageNo + 1 } : null;
  }
}

/** The page class of each paging form. */
export const PAGE_CLASSES = {
  cursor: CursorPage,
  offset: OffsetPage,
  page: PageNumberPage,
} as const satisfies Record<PagingForm, new (init: PageInit<never, never>) => Page<unknown>>;

/** The page type of a paging form. */
export type PageOf<F extends PagingForm, T> = F extends 'offset' ? OffsetPage<T> : F extends 'page' ? PageNumberPage<T> : CursorPage<T>;

/**
 * What a list method returns: awaits to the first page, and `for await` over it yields every item
 * across pages (as openai-node's `PagePromise`).
 */
export class PagePromise<P extends Page<T>, T> extends ApiPromise<P> implements AsyncIterable<T> {
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    const first = await this;
    yield* first;
  }

  /** The first page and every page after it. */
  async *pages(): AsyncGenerator<P> {
    const first = await this;
    yield* first.pages();
  }

  /** Every item across pages, or the first `limit`. */
  async toArray(options: ToArrayOptions = {}): Promise<T[]> {
    return collect(await this, options.limit);
  }
}

async function collect<T>(items: AsyncIterable<T>, limit?: number): Promise<T[]> {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) {
    throw new InvalidArgumentError(`toArray({ limit }) takes a non-negative integer, got ${limit}`);
  }
  const out: T[] = [];
  if (limit === 0) return out;
  for await (const item of items) {
    out.push(item);
    if (limit !== undefined && out.length >= limit) break;
  }
  return out;
}

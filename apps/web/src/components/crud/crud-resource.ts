import type { ReactNode } from 'react';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { CrudFormField } from './crud-form-fields';
import type { PagedListRequest, PagedListResult } from './paged-list-request';

/** Whether the form dialog creates a new row or edits an existing one. */
export type CrudFormMode = 'create' | 'edit';

/** An extra per-row action (lock, permissions, ...), shown only to holders of its permission. */
export interface CrudRowAction<TItem> {
  /** Stable id; the button's test id is `<id>-<rowKey>`. */
  id: string;
  labelKey: string;
  icon: ReactNode;
  permission?: string;
  isVisible?(item: TItem): boolean;
  onClick(item: TItem): void;
}

/** The create/edit form of a resource, built from the contract's zod schemas. */
export interface CrudFormDescriptor<TItem, TForm extends FieldValues> {
  /** Create and edit may validate differently (a password only on create). */
  schema(mode: CrudFormMode): z.ZodType<TForm, FieldValues>;
  /** `item` is the edited row, so a field can be locked for it (a static role's name). */
  fields(mode: CrudFormMode, item?: TItem): CrudFormField<TForm>[];
  defaultValues(): TForm;
  /** The form values of an existing row; may load more than the list row holds. */
  toFormValues(item: TItem): TForm | Promise<TForm>;
}

/**
 * Everything a management screen needs to know about one kind of row. `CrudListPage` turns it into a
 * DataGrid with server paging, search, create/edit/delete dialogs and toasts. `TFilter` is the list's
 * filters besides the search (all optional), which the page's filter controls set and every page
 * request and export carries.
 */
export interface CrudResource<
  TItem extends GridValidRowModel,
  TForm extends FieldValues,
  TFilter extends object = object,
> {
  /** Prefix of every query key of the resource; mutations invalidate it. */
  queryKey: readonly unknown[];
  /** Namespaced key of the screen title. */
  titleKey: string;
  /** Namespaced key of the singular noun used in toasts and dialog titles ("Role"). */
  entityKey: string;
  columns(t: (key: string) => string): GridColDef<TItem>[];
  /** The fields the list endpoint sorts by (contracts `*_SORT_FIELDS`). */
  sortFields: readonly string[];
  getId(item: TItem): string;
  /** What the delete confirmation names, and the row part of action test ids. */
  getName(item: TItem): string;
  /** False when the list endpoint has no free-text search (its filters do the finding). */
  searchable?: boolean;
  /** Namespaced key of what the search box says when it finds by one field ("Search by subject"). */
  searchLabelKey?: string;
  fetchList(request: PagedListRequest & Partial<TFilter>): Promise<PagedListResult<TItem>>;
  /** Downloads every row matching the search and filters as a spreadsheet (the list's read permission). */
  exportList?(request: Pick<PagedListRequest, 'filter'> & Partial<TFilter>): Promise<void>;
  /** Read permission is checked by the route; these gate the buttons. */
  permissions: { create?: string; update?: string; delete?: string };
  create?(values: TForm): Promise<unknown>;
  update?(id: string, values: TForm): Promise<unknown>;
  remove?(id: string): Promise<unknown>;
  canUpdate?(item: TItem): boolean;
  canDelete?(item: TItem): boolean;
  form?: CrudFormDescriptor<TItem, TForm>;
  rowActions?: CrudRowAction<TItem>[];
}
